/**
 * What the admin's mail page may show of an address or a relay's error: enough to tell
 * mails apart and see what went wrong, never a whole address, a link or a code.
 */

const MAX_ERROR_LENGTH = 240
const ADDRESS = /[^\s<>()[\]@"',;:]+@[^\s<>()[\]@"',;:]+/g
const URL_LIKE = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/gi
// Six or more digits in a row: a sign-in code or a token part (reply codes have three).
const LONG_NUMBER = /\d{6,}/g
// Long runs of letters, digits and -_ (a token in a path or query).
const TOKEN_LIKE = /[\w-]{24,}/g

/** `ana.garcia@gmail.com` → `a•••@g•••.com`. */
export function maskAddress(address: string) {
	const at = address.lastIndexOf('@')
	if (at <= 0) return '•••'
	const local = address.slice(0, at)
	const domain = address.slice(at + 1)
	const dot = domain.lastIndexOf('.')
	const host = dot > 0 ? domain.slice(0, dot) : domain
	const tld = dot > 0 ? domain.slice(dot) : ''
	return `${local[0]}•••@${host[0] ?? ''}•••${tld}`
}

/** A relay's error with every address masked, links, codes and tokens taken out, and cut short. */
export function redactError(message: string) {
	const redacted = message
		.replace(/\s+/g, ' ')
		.replace(URL_LIKE, '[enlace]')
		.replace(ADDRESS, (address) => maskAddress(address))
		.replace(LONG_NUMBER, '•••')
		.replace(TOKEN_LIKE, '•••')
		.trim()
	return redacted.length > MAX_ERROR_LENGTH
		? `${redacted.slice(0, MAX_ERROR_LENGTH - 1)}…`
		: redacted
}
