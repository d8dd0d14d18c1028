/**
 * Every Spanish text of the profile page, in one place. The product's agreed wording is
 * used verbatim where there is one; the rest is ours.
 */
export const profileMessages = {
	// The product's agreed texts, verbatim.
	title: 'Mi Perfil',
	personalTab: 'Información Personal',
	accountTab: 'Cuenta',
	updated: 'Perfil actualizado correctamente',
	updateError: 'Error al actualizar el perfil',
	loadError: 'No se pudo cargar la información del perfil',
	avatarTooLarge: 'La imagen debe ser menor a 2MB',
	admin: 'Administrador',
	standardUser: 'Usuario Estándar',
	notAvailable: 'No disponible',

	endOtherSessions: 'Cerrar sesión en todos los dispositivos',

	// Ours.
	securityTab: 'Seguridad',
	sessionsTitle: 'Dispositivos con la sesión iniciada',
	sessionsIntro:
		'Estos son los navegadores donde tu cuenta tiene la sesión abierta. Si no reconoces alguno, cierra su sesión y cambia tu contraseña.',
	thisDevice: 'Este dispositivo',
	sessionStarted: 'Sesión iniciada',
	sessionLastUsed: 'Última actividad',
	endSession: 'Cerrar sesión',
	endSessionLabel: (device: string) => `Cerrar sesión en ${device}`,
	sessionEnded: 'Sesión cerrada en ese dispositivo',
	sessionMissing: 'Esa sesión ya no existe o no es de tu cuenta.',
	otherSessionsEnded: (count: number) =>
		count === 1
			? 'Sesión cerrada en 1 dispositivo más'
			: `Sesión cerrada en ${count} dispositivos más`,
	noOtherSessions: 'No hay sesiones abiertas en otros dispositivos.',
	onlyThisDevice: 'Solo tienes la sesión abierta en este dispositivo.',
	avatarFormat: 'Formato de imagen no válido. Usa una imagen JPG, PNG o WEBP.',
	avatarUnreadable: 'No hemos podido leer la imagen. Prueba con otro archivo JPG, PNG o WEBP.',
	avatarRemoved: 'Foto de perfil eliminada',
	bioTooLong: (max: number) => `La biografía no puede superar los ${max} caracteres`,
	locationTooLong: (max: number) => `La ubicación no puede superar los ${max} caracteres`,
	websiteInvalid: 'Introduce una dirección web válida que empiece por http:// o https://',
	websiteTooLong: (max: number) => `La dirección web no puede superar los ${max} caracteres`,
	emailReadOnly: 'El correo electrónico no se puede cambiar. Para cambiarlo, contacta con soporte.',
	currentPasswordWrong: 'La contraseña actual no es correcta',
	passwordChanged: 'Contraseña actualizada correctamente.',
	passwordChangedOthersClosed:
		'Contraseña actualizada correctamente. Hemos cerrado la sesión en tus otros dispositivos.',
	closeOtherSessions: 'Cerrar la sesión en mis otros dispositivos',
	passwordSet:
		'Contraseña creada correctamente. Ya puedes iniciar sesión también con tu correo electrónico y esta contraseña.',
	passwordAlreadySet:
		'Tu cuenta ya tiene una contraseña. Recarga la página para cambiarla con tu contraseña actual.',
	noPasswordYet:
		'Tu cuenta aún no tiene contraseña. Recarga la página para crear una desde la pestaña Cuenta.',
	unknownIntent:
		'No sabemos qué hacer con este formulario. Recarga la página e inténtalo de nuevo.',
	avatarNotFound: 'Esta imagen no existe o ya no está disponible.',
} as const

/** The connected identities on the 'Cuenta' tab (see identities.server.ts). */
export const identityMessages = {
	methodsTitle: 'Formas de iniciar sesión',
	methodsIntro:
		'Puedes entrar en tu cuenta con cualquiera de estas formas. Siempre debe quedarte al menos una.',
	methodPassword: 'Correo electrónico y contraseña',
	methodGoogle: 'Google',
	linked: 'Vinculada',
	notLinked: 'No vinculada',
	linkGoogle: 'Vincular Google',
	linkGooglePending: 'Abriendo Google...',
	unlinkGoogle: 'Desvincular Google',
	googleLinked: 'Cuenta de Google vinculada',
	googleUnlinked: 'Cuenta de Google desvinculada',
	linkedElsewhere: 'Esta cuenta de Google ya está vinculada a otra cuenta de Frasea.',
	alreadyYours: 'Esta cuenta de Google ya estaba vinculada a tu cuenta.',
	hasOtherGoogle:
		'Tu cuenta ya tiene otra cuenta de Google vinculada. Desvincúlala antes de vincular una nueva.',
	unverified:
		'Tu cuenta de Google no tiene el correo electrónico verificado. Verifícalo en Google e inténtalo de nuevo.',
	stale:
		'Tu sesión ha cambiado mientras vinculabas Google. Inicia sesión de nuevo y vuelve a intentarlo.',
	unconfirmed:
		'Confirma antes tu correo electrónico con el enlace que te enviamos; después podrás vincular Google. Hasta entonces no se puede añadir ninguna forma de entrar: la cuenta aún podría ser de quien tiene el correo.',
	resendConfirmation: 'Reenviar correo de confirmación',
	linkError: 'No se pudo vincular la cuenta de Google. Inténtalo de nuevo.',
	lastWayIn:
		'No puedes desvincular Google porque es tu única forma de iniciar sesión. Crea antes una contraseña.',
	notLinkedYet: 'Tu cuenta no tiene ninguna cuenta de Google vinculada.',
	confirmUnlinkTitle: '¿Desvincular Google?',
	confirmUnlinkBody:
		'Ya no podrás iniciar sesión con «Continuar con Google»; seguirás entrando con tu correo electrónico y tu contraseña. Podrás volver a vincularla cuando quieras.',
} as const
