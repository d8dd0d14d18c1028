import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { renderCard } from '../render.server'
import { createCardState } from '../state'
import { QueueFullError } from '~/utils/concurrency.server'
import { detectTheme } from './phrase-themes'
import { downloadLimiter, fetchPollinationsBackground } from './pollinations.server'
import { buildBackgroundPrompt, pollinationsUrl } from './pollinations-url'
import { BACKGROUND_TYPES } from './types'

describe('background prompt', () => {
	test.each([
		['Te amo con todo mi corazón', 'love'],
		['All you need is love', 'love'],
		['Cada meta cumplida empieza con un sueño', 'motivation'],
		['Never stop chasing your dreams', 'motivation'],
		['El bosque y la montaña me devuelven la calma', 'nature'],
		['La tecnología cambia el futuro', 'technology'],
		['Un café y un buen postre', 'food'],
		['Viajar es vivir dos veces', 'travel'],
		['Hoy toca entrenar en el gimnasio', 'fitness'],
		['La paciencia es amarga, pero su fruto es dulce', null],
		// Whole words only: "marzo" is not the sea, "soledad" not the sun.
		['En marzo aprendí a estar en soledad', null],
	])('%s → %s', (phrase, theme) => {
		expect(detectTheme(phrase)).toBe(theme)
	})

	test("uses the type's style when no theme matches, and ends with quality wording and 'no text'", () => {
		const prompt = buildBackgroundPrompt('La paciencia todo lo alcanza', 'geometric')
		expect(prompt.startsWith(BACKGROUND_TYPES.geometric.style)).toBe(true)
		expect(prompt).toMatch(/high quality.*, no text$/)
		expect(buildBackgroundPrompt('Te quiero', 'geometric')).toMatch(/^romantic/)
	})

	test('builds the service URL', () => {
		expect(
			pollinationsUrl({
				baseUrl: 'https://img.example/',
				prompt: 'a b, no text',
				seed: 42,
				width: 1080,
				height: 1920,
			}),
		).toBe(
			'https://img.example/prompt/a%20b%2C%20no%20text?nologo=true&seed=42&model=flux&width=1080&height=1920',
		)
	})
})

describe('remote backgrounds (fake service on loopback)', () => {
	let server: Server
	let baseUrl: string
	let cacheDir: string
	let requests: IncomingMessage[] = []
	let mode: 'ok' | 'error' | 'hang' | 'html' | 'held' = 'ok'
	let picture: Buffer
	/** In 'held' mode answers wait for this; `open` counts requests being answered. */
	let held: Array<() => void> = []
	/** In 'hang' mode the service never answers: only the client's own deadline ends it. */
	const hung: Array<ServerResponse> = []
	let open = 0
	let mostOpen = 0

	beforeAll(async () => {
		picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00aa00' } })
			.jpeg()
			.toBuffer()
		server = createServer((request, response) => {
			requests.push(request)
			open++
			mostOpen = Math.max(mostOpen, open)
			response.on('close', () => open--)
			if (mode === 'held') {
				return held.push(() =>
					response.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture),
				)
			}
			if (mode === 'error') return response.writeHead(502).end('bad gateway')
			if (mode === 'html')
				return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>')
			if (mode === 'hang') return hung.push(response)
			response.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture)
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(async () => {
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	})
	beforeEach(async () => {
		requests = []
		mode = 'ok'
		held = []
		hung.splice(0).forEach((response) => response.destroy())
		mostOpen = 0
		if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
		cacheDir = await mkdtemp(path.join(tmpdir(), 'frasea-backgrounds-'))
	})

	const request = {
		text: 'Viajar es vivir',
		type: 'nature' as const,
		seed: 5,
		width: 1080,
		height: 1080,
	}

	test('fetches once, sends the token, then answers from the disk cache', async () => {
		const options = { baseUrl, cacheDir, token: 'secret-token' }
		const [first, second] = await Promise.all([
			fetchPollinationsBackground(request, options),
			fetchPollinationsBackground(request, options),
		])
		expect(first.equals(picture)).toBe(true)
		expect(second.equals(picture)).toBe(true)
		const third = await fetchPollinationsBackground(request, options)
		expect(third.equals(picture)).toBe(true)
		expect(requests).toHaveLength(1)
		expect(requests[0]?.headers.authorization).toBe('Bearer secret-token')
		expect(requests[0]?.url).toMatch(
			/^\/prompt\/breathtaking%20travel.*no%20text\?nologo=true&seed=5&model=flux&width=1080&height=1080$/,
		)
		expect(await readdir(cacheDir)).toHaveLength(1)
	})

	test('renderCard draws the remote image', async () => {
		const state = createCardState({ text: 'x', seed: 5, design: { overlay: 0 } })
		const jpeg = await renderCard(state, {
			provider: 'pollinations',
			pollinations: { baseUrl, cacheDir },
		})
		const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
		// The fake service's green (darkened by the contrast guard for the white text).
		expect(data[1]).toBeGreaterThan(100)
		expect(data[0]).toBeLessThan(40)
	})

	test.each([
		// The service answers at once; no deadline is involved, however slow this machine is.
		['error', '502', {}],
		['html', 'format', {}],
		// The service never answers: the download's own deadline ends it.
		['hang', 'timeout', { timeoutMs: 300 }],
	] as const)(
		'falls back to procedural when the service fails (%s)',
		async (failure, reason, deadline) => {
			mode = failure
			// A seed per case, so one case's remembered failure does not answer the next.
			const seed = { error: 101, html: 102, hang: 103 }[failure]
			const state = createCardState({
				text: 'x',
				seed,
				background: 'minimal',
				design: { overlay: 0 },
			})
			const options = { baseUrl, cacheDir, ...deadline }
			await expect(
				fetchPollinationsBackground({ ...request, text: 'x', seed }, options),
			).rejects.toThrow(reason)
			expect(requests).toHaveLength(1)
			const remote = await renderCard(state, { provider: 'pollinations', pollinations: options })
			const procedural = await renderCard(state, { provider: 'procedural' })
			expect(remote.equals(procedural)).toBe(true)
			expect(await readdir(cacheDir)).toHaveLength(0)
			// The failed URL is not asked again right away.
			const asked = requests.length
			await expect(
				fetchPollinationsBackground({ ...request, text: 'x', seed }, options),
			).rejects.toThrow('failed recently')
			expect(requests).toHaveLength(asked)
		},
		// Two card renders on a busy machine; the service's deadline is the one tested.
		30_000,
	)

	test('downloads run a few at once; beyond the queue they are refused, not remembered as failures', async () => {
		mode = 'held'
		const options = { baseUrl, cacheDir }
		const capacity = downloadLimiter.concurrency + downloadLimiter.maxQueue
		const results = Array.from({ length: capacity + 3 }, (_, index) =>
			fetchPollinationsBackground({ ...request, seed: 5000 + index }, options).then(
				() => 'ok',
				(error: unknown) => (error instanceof QueueFullError ? 'busy' : String(error)),
			),
		)
		await expect.poll(() => requests.length).toBe(downloadLimiter.concurrency)
		// Answer the held requests as they come, until every download has settled.
		const answering = setInterval(() => held.splice(0).forEach((answer) => answer()), 10)
		try {
			const outcomes = await Promise.all(results)
			expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(3)
			expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(capacity)
		} finally {
			clearInterval(answering)
		}
		expect(mostOpen).toBeLessThanOrEqual(downloadLimiter.concurrency)
		// A refused download is tried again on the next request.
		mode = 'ok'
		const retried = await fetchPollinationsBackground(
			{ ...request, seed: 5000 + capacity },
			options,
		)
		expect(retried.equals(picture)).toBe(true)
	})

	test('the disk cache stays under its bound, dropping the least recently used image', async () => {
		const size = picture.byteLength
		const options = { baseUrl, cacheDir, cacheMaxBytes: size * 2 + 10 }
		const seeds = [7001, 7002, 7003]
		await fetchPollinationsBackground({ ...request, seed: seeds[0] as number }, options)
		await fetchPollinationsBackground({ ...request, seed: seeds[1] as number }, options)
		// Use the first again: the second is now the least recently used.
		await fetchPollinationsBackground({ ...request, seed: seeds[0] as number }, options)
		expect(requests).toHaveLength(2)
		await fetchPollinationsBackground({ ...request, seed: seeds[2] as number }, options)
		const files = await readdir(cacheDir)
		expect(files).toHaveLength(2)
		let total = 0
		for (const file of files) total += (await stat(path.join(cacheDir, file))).size
		expect(total).toBeLessThanOrEqual(options.cacheMaxBytes)
		// The first is still cached; the second has to be downloaded again.
		await fetchPollinationsBackground({ ...request, seed: seeds[0] as number }, options)
		expect(requests).toHaveLength(3)
		await fetchPollinationsBackground({ ...request, seed: seeds[1] as number }, options)
		expect(requests).toHaveLength(4)
	})
})
