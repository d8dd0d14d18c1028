import { expect, test } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = new Date('2026-06-10T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000

test('how long ago, in Spanish, in the largest unit that fits', () => {
	expect(formatRelativeTime(ago(3000), now)).toBe('ahora')
	expect(formatRelativeTime(ago(30_000), now)).toBe('hace 30 segundos')
	expect(formatRelativeTime(ago(5 * MINUTE), now)).toBe('hace 5 minutos')
	expect(formatRelativeTime(ago(60 * MINUTE), now)).toBe('hace 1 hora')
	expect(formatRelativeTime(ago(2.5 * 60 * MINUTE), now)).toBe('hace 2 horas')
	expect(formatRelativeTime(ago(26 * 60 * MINUTE), now)).toBe('ayer')
	expect(formatRelativeTime(ago(3 * 24 * 60 * MINUTE), now)).toBe('hace 3 días')
	expect(formatRelativeTime(ago(15 * 24 * 60 * MINUTE), now)).toBe('hace 2 semanas')
	expect(formatRelativeTime(ago(70 * 24 * 60 * MINUTE), now)).toBe('hace 2 meses')
	expect(formatRelativeTime(ago(800 * 24 * 60 * MINUTE), now)).toBe('hace 2 años')
})
