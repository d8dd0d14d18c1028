/**
 * "hace 5 minutos", "ayer", "hace 3 semanas": how long ago something happened, in Spanish
 * (es-ES). Computed on the server against the request's clock, so the HTML and the
 * hydrated page say the same.
 */
const formatter = new Intl.RelativeTimeFormat('es-ES', { numeric: 'auto' })

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY
const MONTH = 30 * DAY
const YEAR = 365 * DAY

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
	// unit, its length, and the age from which a larger unit takes over
	['second', SECOND, MINUTE],
	['minute', MINUTE, HOUR],
	['hour', HOUR, DAY],
	['day', DAY, WEEK],
	['week', WEEK, MONTH],
	['month', MONTH, YEAR],
	['year', YEAR, Infinity],
]

export function formatRelativeTime(date: Date, now: Date) {
	const elapsed = date.getTime() - now.getTime()
	const age = Math.abs(elapsed)
	// Anything in the last few seconds (or a clock a little ahead) is "ahora".
	if (age < 10 * SECOND) return formatter.format(0, 'second')
	for (const [unit, length, limit] of UNITS) {
		if (age < limit) return formatter.format(Math.trunc(elapsed / length), unit)
	}
	return formatter.format(Math.trunc(elapsed / YEAR), 'year')
}
