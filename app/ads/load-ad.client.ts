/**
 * Loads the ads script and asks it for one ad. Imported lazily by the ad slot after
 * hydration, so none of this is in the home page's initial JavaScript; without JavaScript
 * it never runs and the page has no ads script at all. A failure only costs the ad: it is
 * logged, never thrown.
 */
declare global {
	interface Window {
		adsbygoogle?: unknown[]
	}
}

// Spelled out here rather than imported: this chunk stays independent of the page's code.
const ADS_SCRIPT_ORIGIN = 'https://pagead2.googlesyndication.com'
const SCRIPT_ID = 'frasea-ads-script'
/** The original waited this long after adding the script before asking for an ad. */
export const PUSH_DELAY_MS = 100

function addScriptOnce(client: string) {
	if (document.getElementById(SCRIPT_ID)) return
	const script = document.createElement('script')
	script.id = SCRIPT_ID
	script.async = true
	script.crossOrigin = 'anonymous'
	script.src = `${ADS_SCRIPT_ORIGIN}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`
	script.addEventListener('error', () => console.warn('Ads: the ads script could not be loaded'))
	document.head.append(script)
}

/** Requests an ad for the slot just rendered; returns a cancel for an unmount in between. */
export function requestAd(client: string): () => void {
	try {
		addScriptOnce(client)
	} catch (error) {
		console.warn('Ads: the ads script could not be added', error)
		return () => {}
	}
	const timer = window.setTimeout(() => {
		try {
			;(window.adsbygoogle = window.adsbygoogle || []).push({})
		} catch (error) {
			console.warn('Ads: the ad request failed', error)
		}
	}, PUSH_DELAY_MS)
	return () => window.clearTimeout(timer)
}
