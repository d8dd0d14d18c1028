import { honeypotFieldName } from './honeypot'
import { authMessages } from './messages'

/**
 * Refuses a post in which a bot filled the field people never see: throws a 400 with the
 * Spanish reason. Forms that show their own errors catch it (auth-form.server.ts) so the
 * reason appears above the form.
 */
export function checkHoneypot(formData: FormData) {
	const value = formData.get(honeypotFieldName)
	if (typeof value === 'string' && value.length > 0) {
		throw new Response(authMessages.honeypot, {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
}
