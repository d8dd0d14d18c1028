/** Every Spanish text of two-factor sign-in: the verification step and the profile section. */
export const twoFactorMessages = {
	// The second step of a sign-in (/login/verificacion).
	verifyTitle: 'Verificación en dos pasos',
	verifySubtitle: 'Escribe el código de 6 dígitos que muestra tu aplicación de autenticación.',
	verifyRecoverySubtitle:
		'Escribe uno de tus códigos de recuperación. Cada código sirve una sola vez.',
	codeLabel: 'Código de verificación',
	recoveryCodeLabel: 'Código de recuperación',
	verifyButton: 'Verificar',
	verifyPending: 'Verificando...',
	spendRecoveryCode: 'Usar un código de recuperación',
	useAppCode: 'Usar el código de la aplicación',
	backToLogin: 'Volver a Iniciar Sesión',
	verifyError: 'No se pudo completar el inicio de sesión',
	codeRequired: 'Escribe el código de 6 dígitos',
	codeFormat: 'El código tiene 6 dígitos',
	recoveryCodeRequired: 'Escribe un código de recuperación',
	wrongCode: 'El código no es correcto o ha caducado.',
	wrongRecoveryCode: 'El código de recuperación no es correcto o ya se ha usado.',
	attemptsLeft: (left: number) =>
		left === 1 ? 'Te queda 1 intento.' : `Te quedan ${left} intentos.`,
	needsConfirmedEmail:
		'Confirma antes tu correo electrónico con el enlace que te enviamos; después podrás activar la verificación en dos pasos. Hasta entonces la cuenta aún podría ser de quien tiene el correo, y nadie más puede protegerla con sus códigos.',
	resendConfirmation: 'Reenviar correo de confirmación',
	pendingExpired: 'Tu inicio de sesión ha caducado. Vuelve a iniciar sesión.',
	tooManyWrongCodes:
		'Demasiados códigos incorrectos. Por seguridad, vuelve a iniciar sesión desde el principio.',
	accountLimited:
		'Demasiados códigos incorrectos en esta cuenta. Espera unos minutos y vuelve a intentarlo.',
	recoveryCodeUsed: (left: number) =>
		left === 1
			? 'Sesión iniciada con un código de recuperación. Te queda 1 código.'
			: `Sesión iniciada con un código de recuperación. Te quedan ${left} códigos.`,

	// The profile's 'Seguridad' tab.
	sectionTitle: 'Verificación en dos pasos',
	sectionIntroOff:
		'Protege tu cuenta con un código de tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) además de tu forma habitual de entrar.',
	statusOn: 'Activada',
	statusOff: 'Desactivada',
	enabledSince: 'Activada desde',
	recoveryCodesLeft: (left: number) =>
		left === 1
			? 'Te queda 1 código de recuperación.'
			: `Te quedan ${left} códigos de recuperación.`,
	enable: 'Activar verificación en dos pasos',
	setupTitle: 'Configura tu aplicación de autenticación',
	setupStep1: 'Escanea este código QR con tu aplicación de autenticación.',
	setupStep2: 'Si no puedes escanearlo, escribe esta clave en la aplicación:',
	setupStep3: 'Escribe el código de 6 dígitos que te muestra la aplicación para terminar.',
	qrLabel: 'Código QR para añadir Frasea a tu aplicación de autenticación',
	secretLabel: 'Clave para escribirla a mano',
	firstCodeLabel: 'Código de la aplicación',
	confirm: 'Activar',
	cancelSetup: 'Cancelar',
	closeOtherSessions: 'Cerrar la sesión en mis otros dispositivos',
	enabled: 'Verificación en dos pasos activada.',
	enabledOthersClosed:
		'Verificación en dos pasos activada. Hemos cerrado la sesión en tus otros dispositivos.',
	setupCancelled: 'Configuración cancelada.',
	alreadyEnabled: 'La verificación en dos pasos ya está activada.',
	noSetup: 'La configuración ha caducado. Vuelve a empezar.',
	recoveryTitle: 'Tus códigos de recuperación',
	recoveryIntro:
		'Guárdalos en un lugar seguro: cada uno sirve una sola vez para entrar si pierdes tu aplicación. Solo los mostramos ahora; no podrás volver a verlos.',
	recoveryListLabel: 'Códigos de recuperación',
	download: 'Descargar códigos (.txt)',
	regenerateTitle: 'Generar nuevos códigos de recuperación',
	regenerateHint:
		'Los códigos anteriores dejarán de funcionar. Confirma con un código de la aplicación.',
	regenerate: 'Generar nuevos códigos de recuperación',
	regenerated: 'Nuevos códigos de recuperación generados. Los anteriores ya no funcionan.',
	disableTitle: 'Desactivar verificación en dos pasos',
	disableHintWithPassword: 'Confirma con un código de la aplicación o con tu contraseña.',
	disableHintCodeOnly: 'Confirma con un código de la aplicación.',
	disableCodeLabel: 'Código de la aplicación',
	disablePasswordLabel: 'O tu contraseña',
	disable: 'Desactivar',
	disabled: 'Verificación en dos pasos desactivada.',
	disableProofRequired: 'Escribe un código de la aplicación o tu contraseña.',
	disableProofWrong: 'El código o la contraseña no son correctos.',
	// The admin area's setting (/admin/users).
	requirementTitle: 'Verificación en dos pasos',
	requirementLabel: 'Exigir verificación en dos pasos a los administradores',
	requirementHint:
		'Los administradores sin la verificación en dos pasos activada no podrán entrar en el panel hasta activarla en su perfil.',
	requirementSave: 'Guardar',
	requirementOn: 'Ahora los administradores necesitan la verificación en dos pasos.',
	requirementOff: 'La verificación en dos pasos ya no es obligatoria para los administradores.',
	requirementNeedsYours:
		'Activa primero la verificación en dos pasos en tu propia cuenta; si no, perderías el acceso al panel.',
	adminRequired:
		'Para usar el panel de administración, primero activa la verificación en dos pasos en tu cuenta.',
} as const
