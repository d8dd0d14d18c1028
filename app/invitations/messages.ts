/**
 * The invitations feature's Spanish texts: the admin's form and list in Usuarios, the
 * e-mail, and the page where the invited person opens their account. The product's
 * specification has no wording for invitations, so all of it is ours.
 */
export const invitationMessages = {
	// Usuarios (admin).
	sectionTitle: 'Invitar a un usuario',
	sectionIntro:
		'Enviaremos un enlace para crear la cuenta a este correo electrónico. Caduca en 7 días y solo se puede usar una vez.',
	emailLabel: 'Correo electrónico',
	emailPlaceholder: 'nombre@ejemplo.com',
	send: 'Enviar invitación',
	sending: 'Enviando...',
	sent: (email: string) => `Invitación enviada a ${email}`,
	accountExists: 'Ya existe una cuenta con este correo electrónico.',
	addressCapped:
		'Ya se han enviado 3 invitaciones a este correo electrónico en las últimas 24 horas. Vuelve a intentarlo mañana.',
	adminCapped:
		'Has enviado 50 invitaciones en las últimas 24 horas, el máximo. Vuelve a intentarlo mañana.',
	mailFailed: 'No se pudo enviar la invitación. Vuelve a intentarlo en unos minutos.',
	pendingTitle: 'Invitaciones pendientes',
	noPending: 'No hay invitaciones pendientes.',
	pendingLoadError: 'Error al cargar las invitaciones',
	columnEmail: 'Correo electrónico',
	columnInvitedBy: 'Invitado por',
	columnSentAt: 'Enviada',
	columnExpiresAt: 'Caduca',
	columnActions: 'Acciones',
	unknownInviter: 'Cuenta eliminada',
	resend: 'Reenviar',
	resendLabel: (email: string) => `Reenviar la invitación a ${email}`,
	revoke: 'Anular',
	revokeLabel: (email: string) => `Anular la invitación a ${email}`,
	revoked: 'Invitación anulada',
	revokeError: 'Error al anular la invitación',
	notPending: 'Esa invitación ya no está pendiente: se aceptó, se anuló o ha caducado.',
	invitationNotFound: 'La invitación no existe.',

	// The e-mail.
	mailSubject: 'Te han invitado a Frasea',
	mailTitle: 'Te han invitado a Frasea',
	mailGreeting: 'Hola:',
	mailBody: (inviter: string) =>
		`${inviter} te ha invitado a crear una cuenta en Frasea, el generador de frases para redes sociales. El enlace caduca en 7 días y solo se puede usar una vez.`,
	mailIgnore: 'Si no esperabas esta invitación, ignora este correo: no se creará ninguna cuenta.',
	mailButton: 'Aceptar la invitación',
	someoneInviter: 'El equipo de Frasea',

	// The invited person's page (/invitacion).
	pageTitle: 'Acepta tu invitación',
	pageDescription: 'Crea tu cuenta de Frasea con la invitación que has recibido.',
	pageIntro: (email: string) =>
		`Crea tu cuenta para ${email}: elige tu nombre y una contraseña. No hace falta confirmar el correo, la invitación ya lo ha hecho.`,
	nameLabel: 'Nombre completo',
	passwordLabel: 'Contraseña',
	create: 'Crear cuenta',
	creating: 'Creando cuenta...',
	invalidTitle: 'Invitación no válida',
	invalid: 'La invitación no es válida o ha caducado. Pide a quien te invitó que te envíe otra.',
	existsTitle: 'Ya tienes una cuenta',
	exists: 'Ya existe una cuenta con este correo electrónico. Inicia sesión con ella.',
	signedInTitle: 'Ya has iniciado sesión',
	signedIn: (email: string) =>
		`Has iniciado sesión con otra cuenta. Cierra la sesión para aceptar la invitación a ${email}.`,
	goToLogin: 'Ir a Iniciar Sesión',
	goHome: 'Ir al inicio',
	logout: 'Cerrar Sesión',
} as const
