import { type MailKind } from './kinds'

/** The Spanish texts of the outbox: its admin page, the reasons it records, the unsubscribe page. */
export const mailMessages = {
	// Reasons recorded on a mail (shown on Administración › Correo).
	expired: 'Descartado: el enlace que llevaba caducó antes de poder enviarse',
	expiredAfter: (error: string) =>
		`Descartado: el enlace caducaba antes del siguiente intento (último error: ${error})`,
	gaveUp: (error: string) => `Sin éxito tras 48 horas de reintentos (último error: ${error})`,
	unreadable: 'No se pudo leer el mensaje guardado (¿cambió SECRETS_KEY?)',
	unwanted: 'Descartado: la cuenta ya no quiere estos correos, o ya no existe',
	internalError: 'No se pudo preparar el envío (falló la base de datos); se reintentará',

	// The foot of every bulk mail.
	bulkFooter:
		'Recibes este correo porque lo tienes activado en Configuración › Notificaciones de tu cuenta de Frasea.',
	stopTopic: (topic: string) => `Dejar de recibir «${topic}»`,

	// The unsubscribe page (/baja).
	unsubscribeTitle: 'Darse de baja',
	unsubscribeDescription: 'Deja de recibir un tipo de correo de Frasea.',
	unsubscribeQuestion: (topic: string) => `¿Quieres dejar de recibir «${topic}» de Frasea?`,
	unsubscribeButton: 'Darme de baja',
	unsubscribing: 'Dándote de baja...',
	unsubscribeDone: (topic: string) => `Listo: ya no recibirás «${topic}».`,
	unsubscribeHint:
		'Puedes volver a activarlo cuando quieras en Configuración › Notificaciones, con tu sesión iniciada.',
	unsubscribeInvalid:
		'Este enlace para darse de baja no es válido. Puedes elegir qué correos recibes en Configuración › Notificaciones.',
	unsubscribeError: 'No se pudo guardar tu baja. Inténtalo de nuevo en unos minutos.',
	toSettings: 'Ir a Configuración',

	// Administración › Correo.
	admin: {
		pageTitle: 'Correo',
		pageIntro:
			'Todos los correos de Frasea pasan por una cola: si el servidor de correo falla, se reintentan con esperas cada vez más largas durante 48 horas, y los que llevan un enlace que caduca se descartan antes de llegar tarde.',
		transportSmtp: 'Se envían por el servidor SMTP de SMTP_URL.',
		transportFiles:
			'SMTP_URL no está configurado: cada correo se guarda como archivo .eml en DATA_DIR/outbox.',
		stateTitle: 'Estado de la cola',
		queued: 'En cola',
		queuedHint: 'Esperando su primer intento',
		sent: 'Enviados',
		sentHint: 'En los últimos 7 días',
		failing: 'Con fallos',
		failingHint: (retrying: number, failed: number) =>
			`${retrying} a la espera de otro intento, ${failed} sin remedio`,
		dropped: 'Descartados',
		droppedHint: 'Enlace caducado, sustituidos o ya no deseados (30 días)',
		retry: 'Reintentar ahora',
		retrying: 'Reintentando...',
		retryHint:
			'Vuelve a intentar ya los correos con fallos, también los que fallaron del todo, salvo si su enlace ya caducó.',
		retried: (count: number) =>
			count === 1
				? '1 correo vuelve a intentarse ahora'
				: `${count} correos vuelven a intentarse ahora`,
		nothingToRetry: 'No hay correos con fallos que reintentar.',
		errorsTitle: 'Últimos errores',
		errorsEmpty: 'Ningún correo ha fallado.',
		columnWhen: 'Último intento',
		columnKind: 'Tipo',
		columnTo: 'Para',
		columnAttempts: 'Intentos',
		columnStatus: 'Estado',
		columnError: 'Error',
		statusRetrying: 'Reintentando',
		statusFailed: 'Fallido',
		statusDropped: 'Descartado',
		paceTitle: 'Ritmo de los envíos masivos',
		paceIntro:
			'Los comunicados y los resúmenes semanales salen poco a poco, para no saturar el servidor de correo ni pasar sus límites. Los correos de una cuenta (confirmaciones, contraseñas, códigos, avisos de seguridad) van siempre antes y sin esperar.',
		paceLabel: 'Correos masivos por minuto',
		paceInForce: (value: number, source: string) => `En uso: ${value} por minuto (${source}).`,
		paceSave: 'Guardar ritmo',
		paceReset: 'Restablecer',
		paceSaved: 'Ritmo de envío guardado',
		paceResetDone: 'Ritmo de envío restablecido',
		paceInvalid: (max: number) => `Escribe un número entero entre 1 y ${max}.`,
		loadError: 'No se pudo cargar el estado del correo.',
		badForm: 'El formulario no es válido. Recarga la página y vuelve a intentarlo.',
	},

	kinds: {
		password_reset: 'Restablecer contraseña',
		email_verification: 'Confirmación de correo',
		email_code: 'Código de inicio de sesión',
		security_notice: 'Aviso de seguridad',
		invitation: 'Invitación',
		announcement: 'Comunicado',
		activity_summary: 'Resumen semanal',
	} satisfies Record<MailKind, string>,
} as const
