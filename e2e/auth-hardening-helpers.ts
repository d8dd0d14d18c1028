import { type APIRequestContext } from '@playwright/test'
import { PASSWORD, randomIp } from './auth-helpers'
import { expect, fromOurPages } from './fixtures'

/** A form post from a new client address, as our pages send it; redirects not followed. */
export function post(
	request: APIRequestContext,
	url: string,
	form: Record<string, string>,
	headers: Record<string, string> = {},
) {
	return request.post(url, {
		form,
		headers: { ...fromOurPages, 'x-forwarded-for': randomIp(), ...headers },
		maxRedirects: 0,
	})
}

export async function registerOverHttp(request: APIRequestContext, email: string) {
	const response = await post(request, '/register', {
		name: 'Cuenta Blindada',
		email,
		password: PASSWORD,
		confirmPassword: PASSWORD,
	})
	expect(response.status(), 'registered').toBe(302)
}
