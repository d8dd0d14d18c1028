import { prisma } from '~/utils/db.server'
import { type Mail } from '~/mail/message'
import { queueMail } from '~/mail/outbox.server'
import { layout } from './emails.server'
import { appOrigin } from './request.server'

/**
 * Mails telling an account's owner about a security change. Queued in the outbox right
 * after the change (and retried there until the relay takes it); a mail that cannot even be
 * queued is logged and never undoes the change itself.
 */

/**
 * A security change on the account (two-factor on or off, a new password), told to its
 * address so the owner notices one they did not make. Never carries a code or a secret.
 */
function securityNoticeMail(
	to: string,
	subject: string,
	title: string,
	paragraphs: string[],
	securityPage: string,
): Mail {
	const all = [
		...paragraphs,
		'Si no has sido tú, cambia tu contraseña cuanto antes y revisa los dispositivos con la sesión iniciada en la pestaña Seguridad de tu perfil.',
	]
	return {
		to,
		subject,
		text: `${all.join('\n\n')}\n\nRevisar la seguridad de tu cuenta:\n${securityPage}\n`,
		html: layout(title, all, { href: securityPage, label: 'Revisar la seguridad' }),
	}
}

export function twoFactorEnabledMail(to: string, name: string, securityPage: string): Mail {
	return securityNoticeMail(
		to,
		'Verificación en dos pasos activada en Frasea',
		'Verificación en dos pasos activada',
		[
			`Hola, ${name}:`,
			'Se ha activado la verificación en dos pasos en tu cuenta de Frasea. A partir de ahora, al iniciar sesión te pediremos también un código de tu aplicación de autenticación.',
		],
		securityPage,
	)
}

export function twoFactorDisabledMail(to: string, name: string, securityPage: string): Mail {
	return securityNoticeMail(
		to,
		'Verificación en dos pasos desactivada en Frasea',
		'Verificación en dos pasos desactivada',
		[
			`Hola, ${name}:`,
			'Se ha desactivado la verificación en dos pasos en tu cuenta de Frasea. Al iniciar sesión ya no te pediremos un código de tu aplicación de autenticación.',
		],
		securityPage,
	)
}

export function passwordChangedMail(to: string, name: string, securityPage: string): Mail {
	return securityNoticeMail(
		to,
		'Tu contraseña de Frasea ha cambiado',
		'Tu contraseña ha cambiado',
		[`Hola, ${name}:`, 'La contraseña de tu cuenta de Frasea se acaba de cambiar.'],
		securityPage,
	)
}

const MAILS = {
	twoFactorEnabled: twoFactorEnabledMail,
	twoFactorDisabled: twoFactorDisabledMail,
	passwordChanged: passwordChangedMail,
} as const

export type SecurityEvent = keyof typeof MAILS

export async function notifySecurityChange(userId: string, event: SecurityEvent) {
	try {
		const account = await prisma.profile.findUnique({
			where: { id: userId },
			select: { email: true, name: true },
		})
		if (!account) return
		const securityPage = `${appOrigin()}/dashboard/perfil?tab=seguridad`
		await queueMail(MAILS[event](account.email, account.name, securityPage), {
			kind: 'security_notice',
			userId,
		})
	} catch (error) {
		console.error(
			`Security mail (${event}) not sent:`,
			error instanceof Error ? error.message : 'unknown error',
		)
	}
}
