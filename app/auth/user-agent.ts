/**
 * A person-readable device name from a User-Agent header ('Chrome en Windows'), for the
 * list of signed-in sessions. Only the common browsers and systems are told apart; the
 * order matters because most browsers also claim to be Safari or Chrome.
 */
const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\b(OPR|Opera)\//, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\b(Firefox|FxiOS)\//, 'Firefox'],
	[/(\b|Headless)(Chrome|CriOS|Chromium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\b(iPhone|iPod)\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

export function describeDevice(userAgent: string | null | undefined): string {
	const agent = userAgent ?? ''
	const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1]
	const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
	if (browser && system) return `${browser} en ${system}`
	return browser ?? system ?? 'Dispositivo desconocido'
}
