import { useEffect, useState } from 'react'

/** Joins class names, skipping falsy values. */
export function cx(...classes: Array<string | false | null | undefined>) {
	return classes.filter(Boolean).join(' ')
}

let hydrated = false

/** False during the server render and the first client render, true afterwards. */
export function useHydrated() {
	const [isHydrated, setIsHydrated] = useState(hydrated)
	useEffect(() => {
		hydrated = true
		setIsHydrated(true)
	}, [])
	return isHydrated
}

/**
 * A same-origin path to send the user to after a form post, or the fallback.
 * Rejects absolute URLs, protocol-relative `//host` and backslash tricks.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.includes('\\')) {
		return fallback
	}
	return to
}
