import { databaseEngine, prisma } from '~/utils/db.server'
import { withSecurityHeaders } from '~/utils/security-headers.server'

// Below Docker's 5-second HEALTHCHECK timeout: a database that hangs (a dropped network,
// a full connection pool) is reported as down instead of leaving the check unanswered.
const DATABASE_TIMEOUT_MS = 3000

/**
 * Used by Docker's HEALTHCHECK, load balancers and uptime monitors: 200 and `OK` when the
 * database answers, 503 and `ERROR` when it does not. The body stays that one word for
 * the monitors that match it; which engine answered and how fast are in the headers
 * (`X-Database-Engine`, `Server-Timing: db;dur=…`), never its address.
 */
export async function loader() {
	const engine = databaseEngine()
	const started = performance.now()
	let timer: NodeJS.Timeout | undefined
	try {
		await Promise.race([
			prisma.$queryRaw`SELECT 1`,
			new Promise((_, reject) => {
				timer = setTimeout(
					() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)),
					DATABASE_TIMEOUT_MS,
				)
			}),
		])
		const duration = (performance.now() - started).toFixed(1)
		return answer(200, 'OK', engine, `db;dur=${duration}`)
	} catch (error) {
		console.error(`healthcheck: the ${engine} database did not answer`, error)
		return answer(503, 'ERROR', engine, 'db;desc="unavailable"')
	} finally {
		clearTimeout(timer)
	}
}

function answer(status: number, body: string, engine: string, timing: string) {
	return withSecurityHeaders(
		new Response(body, {
			status,
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': 'no-store',
				'X-Database-Engine': engine,
				'Server-Timing': timing,
			},
		}),
	)
}
