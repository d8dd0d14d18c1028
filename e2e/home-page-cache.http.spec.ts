/**
 * The anonymous home page comes from the server's memory when its data is one already
 * rendered (app/utils/page-cache.server.ts): each answer still has its own CSP nonce, and
 * the page still shows what is true for that visitor now.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startBuiltApp } from '../scripts/app-process.mjs'
import { expect, test } from './fixtures'

const IP_LIMIT = 5

let app: Awaited<ReturnType<typeof startBuiltApp>>
let dataDir: string

test.beforeAll(async () => {
	// An instance of its own, behind a proxy, with a small allowance per address.
	dataDir = mkdtempSync(path.join(tmpdir(), 'frasea-home-cache-'))
	app = await startBuiltApp({
		dataDir,
		env: { TRUST_PROXY: '1', GENERATION_DAILY_LIMIT_IP: String(IP_LIMIT) },
	})
})

test.afterAll(async () => {
	await app?.stop()
	rmSync(dataDir, { recursive: true, force: true })
})

async function home(address: string, headers: Record<string, string> = {}) {
	const response = await fetch(`${app.origin}/`, {
		headers: { 'x-forwarded-for': address, ...headers },
	})
	const html = await response.text()
	const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')
	return { response, html, nonce: policyNonce?.[1] ?? '' }
}

test('every answer has a new nonce, the one its policy names, on every script; the rest is the same page', async () => {
	const answers = [
		await home('198.51.100.20'),
		await home('198.51.100.20'),
		await home('198.51.100.20', { 'accept-encoding': 'identity' }),
	]
	const nonces = answers.map((answer) => answer.nonce)
	expect(new Set(nonces).size).toBe(3)
	for (const { response, html, nonce } of answers) {
		expect(response.status).toBe(200)
		const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g)]
		expect(scripts.length).toBeGreaterThan(2)
		for (const [tag] of scripts) expect(tag).toContain(`nonce="${nonce}"`)
	}
	const [first, ...others] = answers.map(({ html, nonce }) => html.replaceAll(nonce, 'NONCE'))
	for (const other of others) expect(other).toBe(first)
	// Compressed for a client that takes it, not for one that does not.
	const gzipped = await fetch(`${app.origin}/`, { headers: { 'accept-encoding': 'gzip' } })
	expect(gzipped.headers.get('content-encoding')).toBe('gzip')
	expect(answers[2]?.response.headers.get('content-encoding')).toBeNull()
})

test('the page shows each address what is left of its day, right after it generates', async () => {
	const address = '198.51.100.21'
	// The address's allowance is the tightest: what is left is its own.
	const remaining = (html: string) =>
		Number(/Te quedan (\d+) de \d+ generaciones hoy/.exec(html.replaceAll('<!-- -->', ''))?.[1])
	expect(remaining((await home(address)).html)).toBe(IP_LIMIT)
	const generated = await fetch(`${app.origin}/?index`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: app.origin,
			'x-forwarded-for': address,
		},
		body: new URLSearchParams({
			intent: 'generate',
			prompt: 'el café de los lunes',
			count: '1',
			length: '25',
		}),
	})
	expect(generated.status).toBe(302)
	// No cookie sent back: the same anonymous page, with one generation fewer for this address…
	expect(remaining((await home(address)).html)).toBe(IP_LIMIT - 1)
	// …and the untouched one for another.
	expect(remaining((await home('198.51.100.22')).html)).toBe(IP_LIMIT)
})
