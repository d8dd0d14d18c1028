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

	// The foot of every bulk mail.
	bulkFooter:
		'Recibes este correo porque lo tienes activado en Configuración › Notificaciones de tu cuenta de Frasea.',
	stopTopic: (topic: string) => `Dejar de recibir «${topic}»`,

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
