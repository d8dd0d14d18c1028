/**
 * The accounts texts the header, footer and banner show on every page, in a module of
 * their own: every page's JavaScript carries these two, not the whole list in messages.ts
 * (which includes them).
 */
export const layoutMessages = {
	googlePending: 'Iniciando sesión con Google...',
	verificationPending:
		'Confirma tu correo electrónico: te enviamos un enlace para verificar tu cuenta.',
} as const
