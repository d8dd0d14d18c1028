import { redirect } from '@remix-run/node'

/** A 301 to the canonical path, keeping the query string (e.g. ?redirectTo=…). */
export function permanentRedirect(request: Request, to: string) {
	const { search } = new URL(request.url)
	return redirect(to + search, 301)
}
