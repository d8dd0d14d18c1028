import { getEnv } from '~/utils/env.server'

/**
 * The public origin of the app (APP_URL), for links in e-mails, the OAuth redirect URI and
 * canonical URLs. Never derived from the request: its Host header is whatever the client
 * sent, and a forged one would put an attacker's address into a password-reset mail.
 */
export function appOrigin(): string {
	return getEnv().appOrigin
}
