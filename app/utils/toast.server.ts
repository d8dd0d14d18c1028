import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { cookiePolicy } from '~/auth/cookie-policy.server'
import { getSessionSecrets } from './env.server'

const toastSchema = z.object({
	id: z.string().default(() => crypto.randomUUID()),
	type: z.enum(['success', 'error', 'info']).default('info'),
	message: z.string().min(1),
})
type Toast = z.output<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const flashKey = 'toast' as const
type ToastFlash = { [flashKey]: Toast }
let storage: ReturnType<typeof createCookieSessionStorage<ToastFlash, ToastFlash>> | undefined

// Created lazily: the secrets may come from DATA_DIR, which is read at first use.
function toastStorage() {
	storage ??= createCookieSessionStorage<ToastFlash, ToastFlash>({
		cookie: {
			...cookiePolicy('fr_toast'),
			sameSite: 'lax',
			httpOnly: true,
			secrets: getSessionSecrets(),
		},
	})
	return storage
}

/** Headers that flash a toast into a cookie, shown on the next page the visitor sees. */
export async function createToastHeaders(input: ToastInput): Promise<Headers> {
	const session = await toastStorage().getSession()
	session.flash(flashKey, toastSchema.parse(input))
	return new Headers({ 'set-cookie': await toastStorage().commitSession(session) })
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	const toastHeaders = await createToastHeaders(input)
	headers.append('set-cookie', toastHeaders.get('set-cookie') ?? '')
	return redirect(url, { ...init, headers })
}

/** Reads (and consumes) the flashed toast; the headers must be sent to clear it. */
export async function getToast(request: Request) {
	const session = await toastStorage().getSession(request.headers.get('cookie'))
	const parsed = toastSchema.safeParse(session.get(flashKey))
	const toast = parsed.success ? parsed.data : null
	const headers = toast
		? new Headers({ 'set-cookie': await toastStorage().destroySession(session) })
		: null
	return { toast, headers }
}
