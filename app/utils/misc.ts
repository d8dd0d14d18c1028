import { useFormAction, useNavigation } from '@remix-run/react'
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
 * Whether this page's form (or the one posting to `formAction`) is on its way: submitting,
 * and by default also while the page loads after it (a redirect). Pass `state` to watch
 * one phase only.
 */
export function useIsPending({
	formAction,
	formMethod = 'POST',
	state = 'non-idle',
}: {
	formAction?: string
	formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
	state?: 'submitting' | 'loading' | 'non-idle'
} = {}) {
	const contextualFormAction = useFormAction()
	const navigation = useNavigation()
	const inState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
	return (
		inState &&
		navigation.formAction === (formAction ?? contextualFormAction) &&
		navigation.formMethod === formMethod
	)
}

/**
 * Whether the form posting this `intent` is on its way: while it is sent and while the page
 * its answer leads to loads, so a button stays pending until the result shows. Unlike
 * useIsPending it ignores where the form posts (a tab's query string, another route).
 */
export function useIntentPending(intent: string) {
	const navigation = useNavigation()
	return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

/** The `intent` of the form on this page being sent right now, if any. */
export function usePendingIntent() {
	const navigation = useNavigation()
	const submitting = useIsPending({ state: 'submitting' })
	return submitting ? navigation.formData?.get('intent') : null
}

// Control characters, every kind of whitespace (browsers strip tabs and newlines from a
// URL, so `/\t/evil.example` becomes `//evil.example`) and the backslash (browsers read
// it as a slash in http URLs).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\s\\\u200b-\u200f\u2028\u2029\ufeff]/u
const PROBE_ORIGIN = 'http://frasea.invalid'

/** Whether `value` can only ever lead to a path of our own origin. */
export function isSafeRedirectPath(value: string): boolean {
	if (value.length === 0 || value.length > 2000) return false
	let current = value
	// Decoded again and again: some later reader (a proxy, a framework, the browser) might
	// decode once more, so every layer must be safe, not just the outer one.
	for (let layer = 0; layer < 5; layer++) {
		if (!current.startsWith('/') || current.startsWith('//')) return false
		if (UNSAFE_CHARACTER.test(current)) return false
		let resolved: URL
		try {
			resolved = new URL(current, PROBE_ORIGIN)
		} catch {
			return false
		}
		if (resolved.origin !== PROBE_ORIGIN) return false
		let decoded: string
		try {
			decoded = decodeURIComponent(current)
		} catch {
			// A broken escape (`%zz`, a lone `%`) means nobody can say what it decodes to.
			return false
		}
		if (decoded === current) return true
		current = decoded
	}
	// Still changing after five rounds of decoding: nobody legitimate nests that deep.
	return false
}

/**
 * A same-origin path to send the user to after a form post, or the fallback. Only a
 * single leading `/` is accepted; `//host`, `/\host`, any backslash, control character
 * or whitespace (raw or percent-encoded, at any depth) and anything that resolves to
 * another origin fall back.
 *
 * What comes back is always fit for a `Location` header: characters beyond ASCII are
 * percent-encoded as UTF-8, the way a browser addresses them (`/。` is `/%E3%80%82`), since
 * a header cannot carry them and setting one would throw. Callers compute it before they
 * change anything, so no request fails halfway.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || !isSafeRedirectPath(to)) return fallback
	const encoded = encodeBeyondAscii(to)
	return encoded !== null && isSafeRedirectPath(encoded) ? encoded : fallback
}

/** `value` with every character beyond ASCII percent-encoded; null for a lone surrogate. */
function encodeBeyondAscii(value: string): string | null {
	try {
		return value.replace(/[\u0080-\u{10ffff}]+/gu, (run) => encodeURIComponent(run))
	} catch {
		// Half of a surrogate pair is no character at all: it has no UTF-8 to encode.
		return null
	}
}
