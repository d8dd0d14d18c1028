/**
 * Calendar days on Madrid's clock (the product's home), as UTC instants, so the database
 * can count rows per day with plain range comparisons whatever the daylight-saving state.
 */
const ADMIN_TIME_ZONE = 'Europe/Madrid'

const partsFormat = new Intl.DateTimeFormat('en-CA', {
	timeZone: ADMIN_TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
})

/** Madrid's wall clock at `instant`, read as if it were UTC. */
function wallClockAsUtc(instant: number) {
	const parts = Object.fromEntries(
		partsFormat.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
	)
	return Date.UTC(
		Number(parts.year),
		Number(parts.month) - 1,
		Number(parts.day),
		Number(parts.hour),
		Number(parts.minute),
		Number(parts.second),
	)
}

/** The instant Madrid's day `year-month-day` begins (month 1-12; overflowing days roll over). */
function madridMidnight(year: number, month: number, day: number) {
	const wall = Date.UTC(year, month - 1, day)
	// The offset at the guess, then at the corrected instant: Madrid never changes clocks
	// at midnight, so the second reading is the day's own offset.
	const first = wall - (wallClockAsUtc(wall) - wall)
	return wall - (wallClockAsUtc(first) - first)
}

export interface MadridDay {
	/** YYYY-MM-DD on Madrid's calendar. */
	key: string
	start: Date
	end: Date
}

/** The last `count` Madrid days up to and including the one `now` falls in, oldest first. */
export function lastMadridDays(now: Date, count: number): MadridDay[] {
	const wall = new Date(wallClockAsUtc(now.getTime()))
	const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()]
	return Array.from({ length: count }, (_, index) => {
		const offset = index - (count - 1)
		const start = madridMidnight(year, month, day + offset)
		const end = madridMidnight(year, month, day + offset + 1)
		return {
			key: new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10),
			start: new Date(start),
			end: new Date(end),
		}
	})
}

/**
 * The last whole week (Monday to Sunday) on Madrid's calendar before the one `now` falls in:
 * `key` is its Monday, `end` the instant the current week began.
 */
export function previousMadridWeek(now: Date): MadridDay {
	const days = lastMadridDays(now, 14)
	const today = days[13] as MadridDay
	// getUTCDay of the day's key: 0 is Sunday; days since Monday.
	const sinceMonday = (new Date(today.key).getUTCDay() + 6) % 7
	const monday = 13 - sinceMonday
	const first = days[monday - 7] as MadridDay
	return { key: first.key, start: first.start, end: (days[monday] as MadridDay).start }
}
