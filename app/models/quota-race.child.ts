/**
 * One of several processes racing for the same daily allowances (quota.server.test.ts):
 * makes `count` generation and provider-call reservations at once and prints how many it
 * got. The database and the limits come from the environment the test gives it.
 */
import { reserveGeneration, reserveProviderCall } from '~/models/quota.server'

const count = Number(process.argv[2] ?? 0)
const address = process.argv[3] ?? '192.0.2.1'
const [generations, calls] = await Promise.all([
	Promise.all(
		Array.from({ length: count }, (_, index) =>
			reserveGeneration({ kind: 'visitor', id: `${process.pid}-${index}` }, address),
		),
	),
	Promise.all(Array.from({ length: count }, () => reserveProviderCall())),
])
console.log(
	JSON.stringify({
		generations: generations.filter((result) => result.ok).length,
		calls: calls.filter(Boolean).length,
	}),
)
process.exit(0)
