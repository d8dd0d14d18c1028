import { readFileSync } from 'node:fs'
import path from 'node:path'
import { signCardPath } from '../app/cards/url-signature.server'

/*
 * The card routes render only URLs their pages signed. Tests that must ask for a URL no
 * page writes (a bad parameter, hundreds of seeds) sign it as the server does, with the
 * session secret the app generated in the e2e data folder (scripts/e2e-server.mjs).
 */

const dataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT ?? 3999}`)

export function e2eSessionSecret(): string {
	const file = path.join(dataDir, 'session-secret')
	try {
		return readFileSync(file, 'utf8').trim()
	} catch {
		throw new Error(`No session secret at ${file}: has the e2e server served a page yet?`)
	}
}

/** `/tarjetas/…?{query}` with a valid `firma`, as a page of the app would write it. */
export function signedCardPath(pathAndQuery: string): string {
	const url = new URL(pathAndQuery, 'http://x')
	return signCardPath(url.pathname, url.searchParams, e2eSessionSecret())
}
