/**
 * Dates on the dashboard, in Spanish (es-ES) and on Madrid's clock, the product's home:
 * a fixed zone keeps the server's HTML and the hydrated page identical.
 */
const TIME_ZONE = 'Europe/Madrid'

const dateFormat = new Intl.DateTimeFormat('es-ES', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	timeZone: TIME_ZONE,
})
const timeFormat = new Intl.DateTimeFormat('es-ES', {
	hour: '2-digit',
	minute: '2-digit',
	timeZone: TIME_ZONE,
})
const monthFormat = new Intl.DateTimeFormat('es-ES', {
	month: 'long',
	year: 'numeric',
	timeZone: TIME_ZONE,
})

/** "23 de noviembre de 2026" */
export const formatDate = (date: Date | string) => dateFormat.format(new Date(date))
/** "15:04" */
export const formatTime = (date: Date | string) => timeFormat.format(new Date(date))
/** "noviembre de 2026" */
export const formatMonth = (date: Date | string) => monthFormat.format(new Date(date))
