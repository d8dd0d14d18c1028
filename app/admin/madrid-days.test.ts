import { expect, test } from 'vitest'
import { lastMadridDays, previousMadridWeek } from './madrid-days'

test('days begin at Madrid midnight, in winter (UTC+1) and summer (UTC+2)', () => {
	const [winter] = lastMadridDays(new Date('2026-01-15T10:00:00Z'), 1)
	expect(winter).toEqual({
		key: '2026-01-15',
		start: new Date('2026-01-14T23:00:00Z'),
		end: new Date('2026-01-15T23:00:00Z'),
	})
	const [summer] = lastMadridDays(new Date('2026-07-15T10:00:00Z'), 1)
	expect(summer?.start).toEqual(new Date('2026-07-14T22:00:00Z'))
})

test('just after midnight in Madrid is already the next day', () => {
	const [day] = lastMadridDays(new Date('2026-11-22T23:30:00Z'), 1)
	expect(day?.key).toBe('2026-11-23')
})

test('the days are contiguous across a clock change and a month boundary', () => {
	// Clocks went back on 25 October 2026: that day lasts 25 hours.
	const days = lastMadridDays(new Date('2026-11-02T12:00:00Z'), 30)
	expect(days).toHaveLength(30)
	expect(days[0]?.key).toBe('2026-10-04')
	expect(days.at(-1)?.key).toBe('2026-11-02')
	for (let i = 1; i < days.length; i++) expect(days[i]?.start).toEqual(days[i - 1]?.end)
	const changeDay = days.find((day) => day.key === '2026-10-25')
	expect(changeDay && changeDay.end.getTime() - changeDay.start.getTime()).toBe(25 * 3_600_000)
})

test('the previous week runs Monday to Monday on Madrid clocks', () => {
	// Wednesday 2026-01-07, 10:00 in Madrid (UTC+1): the week before began Monday 2025-12-29.
	const week = previousMadridWeek(new Date('2026-01-07T09:00:00Z'))
	expect(week.key).toBe('2025-12-29')
	expect(week.start.toISOString()).toBe('2025-12-28T23:00:00.000Z')
	expect(week.end.toISOString()).toBe('2026-01-04T23:00:00.000Z')
	// On a Monday just after midnight the week that just ended is the previous one.
	expect(previousMadridWeek(new Date('2026-01-04T23:30:00Z')).key).toBe('2025-12-29')
	// Across the change to summer time (29 March 2026): a week of 167 hours.
	const spring = previousMadridWeek(new Date('2026-04-01T10:00:00Z'))
	expect(spring.key).toBe('2026-03-23')
	expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167)
})
