/** The two forms that post to /verify-email. */
export const VERIFY_INTENT = {
	/** Spends the confirmation link this browser holds, for the signed-in account. */
	confirm: 'confirmar',
	/** Mails a new link. */
	resend: 'reenviar',
} as const
