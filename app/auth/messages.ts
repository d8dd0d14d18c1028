import { layoutMessages } from './layout-messages'

/**
 * Every Spanish text of the accounts feature, in one place. The product's agreed wording
 * is used verbatim where there is one; the rest is ours.
 */
export const authMessages = {
	...layoutMessages,
	// The product's agreed texts, verbatim.
	required: 'Por favor completa todos los campos',
	passwordMismatch: 'Las contraseñas no coinciden',
	loginSuccess: 'Sesión iniciada correctamente',
	loginError: 'Error al iniciar sesión',
	registerSuccess: 'Registro exitoso',
	registerError: 'Error al registrarse',
	logoutSuccess: 'Sesión cerrada correctamente',
	logoutError: 'Error al cerrar sesión',
	googleError: 'Error al iniciar sesión con Google',
	loginRequired: 'Debes iniciar sesión para acceder a esta página',
	forbidden: 'No tienes permisos para acceder a esta página',

	// Ours.
	invalidEmail: 'Introduce un correo electrónico válido',
	nameTooLong: 'El nombre no puede superar los 100 caracteres',
	passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
	passwordTooLong: 'La contraseña no puede superar los 72 bytes (unos 72 caracteres sin acentos)',
	passwordIsEmail: 'La contraseña no puede ser tu correo electrónico',
	emailInUse:
		'Ya existe una cuenta con este correo electrónico. Inicia sesión o recupera tu contraseña.',
	wrongCredentials: 'Correo electrónico o contraseña incorrectos.',
	rateLimited: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
	honeypot: 'No se pudo enviar el formulario. Vuelve a intentarlo.',
	badRequest: 'El formulario llegó incompleto. Recarga la página y vuelve a intentarlo.',
	resetRequested:
		'Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada; el enlace caduca en 1 hora.',
	recoveryMailCapped:
		'Ya se han pedido varios enlaces para este correo electrónico. Revisa tu bandeja de entrada (también la carpeta de correo no deseado) o vuelve a intentarlo más tarde.',
	resetLinkInvalid: 'El enlace para restablecer la contraseña no es válido o ha caducado.',
	passwordUpdated: 'Contraseña actualizada correctamente',
	verifyLinkInvalid: 'El enlace de confirmación no es válido o ha caducado.',
	emailVerified: 'Correo electrónico confirmado',
	verifyReady: (email: string) =>
		`Pulsa el botón para confirmar que ${email} es tu correo electrónico.`,
	verifyButton: 'Confirmar mi correo',
	verifySignInFirst:
		'Este enlace confirma el correo electrónico de una cuenta de Frasea. Inicia sesión en esa cuenta y después pulsa «Confirmar mi correo».',
	verifyNotYours:
		'¿No creaste tú esta cuenta o no recuerdas su contraseña? Pide una contraseña nueva: así demuestras que el correo es tuyo y se cierra todo lo que otra persona hubiera dejado en la cuenta.',
	verifyOtherAccount:
		'Este enlace es de otra cuenta. Cierra sesión e inicia sesión con la cuenta que quieres confirmar.',
	verifyAlreadyDone: 'Tu correo electrónico ya está confirmado.',
	verifyPendingIntro:
		'Te enviamos un enlace a tu correo electrónico. Ábrelo en este navegador y pulsa «Confirmar mi correo»; caduca en 24 horas.',
	verifyRequestNew: 'para pedir un enlace nuevo.',
	verificationSent: 'Te hemos enviado un nuevo enlace de confirmación',
	adminNeedsVerifiedEmail:
		'Confirma tu correo electrónico para acceder al panel de administración.',
	reclaimedNothing: 'Tu correo electrónico ha quedado confirmado.',
	reclaimed: (removed: string) =>
		`Tu correo electrónico ha quedado confirmado. Como la cuenta no lo estaba, hemos quitado lo que pudo dejar otra persona: ${removed}.`,
	googleTakeover: 'A partir de ahora entras con Google; la contraseña anterior se ha eliminado.',
	accountDisabled:
		'Tu cuenta está deshabilitada. Si crees que es un error, escribe al administrador de Frasea.',
	googleUnverifiedEmail:
		'Tu cuenta de Google no tiene el correo electrónico verificado. Verifícalo en Google o regístrate con correo y contraseña.',
	// Sign-in by e-mail code.
	emailCodeSent:
		'Si hay una cuenta con ese correo, te hemos enviado un código de 6 cifras y un enlace para entrar. Caducan en 10 minutos.',
	emailCodeInvalid:
		'El código no es válido o ha caducado. Revisa el último correo que te enviamos o pide un código nuevo.',
	emailCodeFormat: 'El código tiene 6 cifras',
	emailCodeAddressCapped:
		'Ya se han pedido varios códigos para este correo electrónico. Revisa tu bandeja de entrada (también la carpeta de correo no deseado) o vuelve a intentarlo más tarde.',
	emailCodeClientCapped:
		'Se han pedido demasiados códigos desde tu conexión. Vuelve a intentarlo más tarde.',
	emailLinkInvalid: 'El enlace para iniciar sesión no es válido, ya se ha usado o ha caducado.',
} as const
