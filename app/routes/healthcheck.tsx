import { prisma } from '~/utils/db.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

// Used by Docker's HEALTHCHECK and uptime monitors: 200 when the database answers.
export async function loader() {
	try {
		await prisma.$queryRaw`SELECT 1`
		return withSecurityHeaders(
			new Response('OK', {
				headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
			}),
		)
	} catch (error) {
		console.error('healthcheck failed', error)
		return withSecurityHeaders(
			new Response('ERROR', {
				status: 503,
				headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
			}),
		)
	}
}
