import { redirectWithToast } from '~/utils/toast.server'

/** A 404 with a Spanish reason, for an id that is not one of the user's rows. */
export function notFound(message: string): never {
	throw new Response(message, {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	})
}

/** A 400 with a Spanish reason, for a post the page could not have sent. */
export function badRequest(message: string): never {
	throw new Response(message, {
		status: 400,
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	})
}

/**
 * Runs a write; an unexpected failure is logged and told to the user as `errorMessage` on
 * the page they came from (`back`). Thrown responses (404s) pass through.
 */
export async function attemptWrite<T>(back: string, errorMessage: string, write: () => Promise<T>) {
	try {
		return { ok: true as const, value: await write() }
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(errorMessage, error)
		return {
			ok: false as const,
			response: await redirectWithToast(back, { type: 'error', message: errorMessage }),
		}
	}
}
