/** Figures on the admin pages, in Spanish (es-ES) and on Madrid's clock. */
import { formatDate, formatTime } from '~/dashboard/dates'

const integer = new Intl.NumberFormat('es-ES')
const percent = new Intl.NumberFormat('es-ES', {
	style: 'percent',
	minimumFractionDigits: 1,
	maximumFractionDigits: 1,
})
const dayLabel = new Intl.DateTimeFormat('es-ES', {
	day: 'numeric',
	month: 'short',
	timeZone: 'UTC',
})

export const formatCount = (value: number) => integer.format(value)
export const formatRate = (value: number) => percent.format(value)
export const formatLatency = (ms: number | null) => (ms === null ? '—' : `${integer.format(ms)} ms`)
/** "23 de noviembre de 2026, 15:04" on Madrid's clock. */
export const formatDateTime = (date: Date | string) => `${formatDate(date)}, ${formatTime(date)}`
/** A YYYY-MM-DD calendar day as "15 jun". */
export const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`))
