/** A mail as the app writes it: one recipient, a subject, a text and an HTML version. */
export type Mail = {
	to: string
	subject: string
	text: string
	html: string
	/** Extra headers (List-Unsubscribe on mail a person may stop). */
	headers?: Record<string, string>
}
