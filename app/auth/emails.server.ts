import { type Mail } from '~/mail/message'

export function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export const paragraphStyle = 'margin:0 0 16px'
export const footnoteStyle = 'font-size:13px;color:#6b7280;word-break:break-all'

/** The frame every mail of ours shares: the name, a heading, and the HTML given (already escaped). */
export function mailFrame(title: string, bodyHtml: string) {
	return `<!doctype html><html lang="es"><body style="margin:0;background:#f9fafb;font-family:system-ui,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:20px;margin:0 0 24px">Frasea</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
</div></body></html>`
}

/** The frame with paragraphs, one button and its link, and any footer HTML. */
export function layout(
	title: string,
	paragraphs: string[],
	link: { href: string; label: string },
	footerHtml = '',
) {
	const body = paragraphs
		.map((text) => `<p style="${paragraphStyle}">${escapeHtml(text)}</p>`)
		.join('')
	return mailFrame(
		title,
		`${body}
<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#a21caf;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>
<p style="${footnoteStyle}">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link.href)}</p>${footerHtml}`,
	)
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
	const paragraphs = [
		`Hola, ${name}:`,
		'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Frasea. El enlace caduca en 1 hora y solo se puede usar una vez.',
		'Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.',
	]
	return {
		to,
		subject: 'Restablece tu contraseña de Frasea',
		text: `${paragraphs.join('\n\n')}\n\nRestablecer contraseña:\n${link}\n`,
		html: layout('Restablece tu contraseña', paragraphs, {
			href: link,
			label: 'Restablecer contraseña',
		}),
	}
}

export function emailVerificationMail(to: string, name: string, link: string): Mail {
	const paragraphs = [
		`Hola, ${name}:`,
		'Gracias por registrarte en Frasea. Abre el enlace de abajo en el navegador donde tienes la sesión iniciada y pulsa «Confirmar mi correo»; caduca en 24 horas.',
		'Si no has creado tú una cuenta en Frasea, ignora este correo: sin ti nadie puede confirmarla. Si quieres usar Frasea con este correo, pide una contraseña nueva en «¿Olvidaste tu contraseña?» y la cuenta será tuya.',
	]
	return {
		to,
		subject: 'Confirma tu correo electrónico en Frasea',
		text: `${paragraphs.join('\n\n')}\n\nConfirmar correo electrónico:\n${link}\n`,
		html: layout('Confirma tu correo electrónico', paragraphs, {
			href: link,
			label: 'Confirmar correo electrónico',
		}),
	}
}

export function emailCodeMail(to: string, name: string, code: string, link: string): Mail {
	const paragraphs = [
		`Hola, ${name}:`,
		`Tu código para iniciar sesión en Frasea es ${code}`,
		'Escríbelo en la página donde lo pediste, o entra con el botón de abajo. El código y el enlace caducan en 10 minutos y solo se pueden usar una vez.',
		'Si no lo has pedido tú, ignora este correo: nadie puede entrar sin él.',
	]
	return {
		to,
		subject: 'Tu código para iniciar sesión en Frasea',
		text: `${paragraphs.join('\n\n')}\n\nIniciar sesión:\n${link}\n`,
		html: layout('Tu código para iniciar sesión', paragraphs, {
			href: link,
			label: 'Iniciar sesión',
		}),
	}
}

/** Security notice: a Google account can now sign in to this Frasea account. */
export function googleLinkedMail(to: string, name: string, link: string): Mail {
	const paragraphs = [
		`Hola, ${name}:`,
		'Se ha vinculado una cuenta de Google a tu cuenta de Frasea. A partir de ahora también puedes iniciar sesión con «Continuar con Google».',
		'Si no has sido tú, entra en tu perfil, desvincula Google, cambia tu contraseña y cierra la sesión en tus otros dispositivos.',
	]
	return {
		to,
		subject: 'Se ha vinculado una cuenta de Google a tu cuenta de Frasea',
		text: `${paragraphs.join('\n\n')}\n\nRevisar mi cuenta:\n${link}\n`,
		html: layout('Cuenta de Google vinculada', paragraphs, {
			href: link,
			label: 'Revisar mi cuenta',
		}),
	}
}
