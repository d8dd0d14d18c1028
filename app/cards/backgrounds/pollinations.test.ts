import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { renderCard } from '../render.server'
import { createCardState } from '../state'
import {
	buildBackgroundPrompt,
	detectTheme,
	fetchPollinationsBackground,
	pollinationsUrl,
} from './pollinations.server'
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
	let mode: 'ok' | 'error' | 'slow' | 'html' = 'ok'
	let picture: Buffer

	beforeAll(async () => {
		picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00aa00' } })
			.jpeg()
			.toBuffer()
		server = createServer((request, response) => {
			requests.push(request)
			if (mode === 'error') return response.writeHead(502).end('bad gateway')
			if (mode === 'html')
				return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>')
			if (mode === 'slow') return setTimeout(() => response.end(picture), 2000)
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

	test.each(['error', 'html', 'slow'] as const)(
		'falls back to procedural when the service fails (%s)',
		async (failure) => {
			mode = failure
			// A seed per case, so one case's remembered failure does not answer the next.
			const seed = { error: 101, html: 102, slow: 103 }[failure]
			const state = createCardState({
				text: 'x',
				seed,
				background: 'minimal',
				design: { overlay: 0 },
			})
			const options = { baseUrl, cacheDir, timeoutMs: 300 }
			await expect(
				fetchPollinationsBackground({ ...request, text: 'x', seed }, options),
			).rejects.toThrow(failure === 'slow' ? 'timeout' : failure === 'error' ? '502' : 'format')
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
	)
})
