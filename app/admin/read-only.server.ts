import { requireAdmin } from '~/auth/guards.server'

/**
 * The action of an admin page that takes no posts: the guard still answers first (a
 * non-admin gets 403, a guest goes to /login), then an admin is told the page only reads.
 */
export async function readOnlyAction({ request }: { request: Request }): Promise<never> {
	await requireAdmin(request)
	throw new Response('Esta página no admite envíos.', {
		status: 405,
		headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
	})
}
