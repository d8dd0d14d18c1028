import { createCanvas } from '@napi-rs/canvas'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { QueueFullError } from '~/utils/concurrency.server'
import { CRASH_PHRASE, HANG_PHRASE } from '../../tests/support/faulty-render-worker'
import { proceduralBackground } from './backgrounds/procedural'
import { registerCardFonts } from './fonts.server'
import { CARD_LIMITS } from './limits'
import { CARD_GUARD_MESSAGES } from './messages'
import { imageCache } from './render-guard.server'
import { RenderPool, RenderWorkerError, replaceRenderPool } from './render-pool.server'
import {
	drawCardCanvas,
	encodeCardJpeg,
	runRenderTask,
	type RenderTask,
} from './render-task.server'
import * as serve from './serve.server'
import { cardMetadata, withJpegMetadata } from './jpeg-metadata'
import { PLATFORM_SIZES } from './sizes'
import { createCardState } from './state'
import { cardImageUrl, signedCardUrl } from './urls.server'

const faultyWorker = {
	filename: new URL('../../tests/support/faulty-render-worker.ts', import.meta.url).href,
	execArgv: ['--import', 'tsx'],
}

// Each new pool starts its workers from source through tsx: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

const pools: RenderPool[] = []
function pool(options: ConstructorParameters<typeof RenderPool>[0]) {
	const created = new RenderPool(options)
	pools.push(created)
	return created
}
afterAll(() => Promise.all(pools.map((each) => each.close())))

const base = createCardState({ text: 'La calma también es avanzar 🌊', index: 2, seed: 4242 })

async function png(color: string, width: number, height: number) {
	return sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer()
}

describe('the render pool draws what the main thread drew', () => {
	const renders = pool({ concurrency: 2, queue: 4 })
	registerCardFonts()

	test('a card, a preview, a card on an upload and a ZIP: byte for byte the in-thread render', async () => {
		const upload = await png('#0ea5e9', 640, 360)
		const tasks: RenderTask[] = [
			{ kind: 'card', state: base },
			{ kind: 'card', state: { ...base, size: 'facebook_post', font: 'lobster' }, width: 360 },
			{ kind: 'card', state: { ...base, background: 'geometric' }, background: upload },
			{ kind: 'zip', state: { ...base, background: 'nature' } },
		]
		// A ZIP stamps its entries with the time: compare what it holds.
		const content = (bytes: Uint8Array, task: RenderTask) =>
			task.kind === 'zip' ? unzipSync(bytes) : { jpeg: new Uint8Array(bytes) }
		for (const task of tasks) {
			const fromWorker = content(await renders.run(task), task)
			const inThread = content(await runRenderTask(task), task)
			expect(Object.keys(fromWorker)).toHaveLength(task.kind === 'zip' ? 10 : 1)
			expect(fromWorker, task.kind).toEqual(inThread)
		}
	})

	test('what the main thread drew before, on a fresh canvas for each card: the same bytes, whatever the worker drew earlier', async () => {
		const state = { ...base, size: 'instagram_story' as const }
		const { width, height } = PLATFORM_SIZES[state.size]
		// The main thread's render before the pool: a new canvas, encoded through libuv.
		const { canvas, quality } = drawCardCanvas(
			state,
			state.size,
			proceduralBackground(state.background, state.seed),
			{},
			createCanvas(width, height),
		)
		const before = Buffer.from(
			withJpegMetadata(await canvas.encode('jpeg', Math.round(quality * 100)), cardMetadata(state)),
		)
		expect(Buffer.from(encodeCardJpeg(canvas, quality, state)).equals(before)).toBe(true)
		// The worker's one canvas has held other cards, other sizes, the same size.
		await renders.run({ kind: 'card', state: { ...state, text: 'Otra frase', overlay: 0.8 } })
		await renders.run({ kind: 'card', state: { ...state, size: 'twitter_post', color: '#ff0000' } })
		expect((await renders.run({ kind: 'card', state })).equals(before)).toBe(true)
		expect((await renders.run({ kind: 'card', state })).equals(before)).toBe(true)
	})

	test('fonts are registered once per worker, not per render', async () => {
		const fresh = pool({ concurrency: 2, queue: 10 })
		await Promise.all(
			Array.from({ length: 8 }, (_, seed) => fresh.run({ kind: 'card', state: { ...base, seed } })),
		)
		expect(fresh.threads.length).toBeLessThanOrEqual(2)
		expect(fresh.workersStarted).toBe(fresh.threads.length)
		await fresh.run({ kind: 'card', state: { ...base, seed: 99 } })
		expect(fresh.workersStarted).toBe(fresh.threads.length)
	})
})

describe('admission is exact', () => {
	test('concurrency + queue tasks are taken; the next is refused at once, before any finishes', async () => {
		const small = pool({ concurrency: 1, queue: 2 })
		const settled: Array<'done' | 'refused'> = []
		const runs = Array.from({ length: 5 }, (_, seed) =>
			small.run({ kind: 'zip', state: { ...base, seed } }).then(
				() => settled.push('done'),
				(error: unknown) => {
					expect(error).toBeInstanceOf(QueueFullError)
					settled.push('refused')
				},
			),
		)
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(settled).toEqual(['refused', 'refused'])
		await Promise.all(runs)
		expect(settled).toEqual(['refused', 'refused', 'done', 'done', 'done'])
	})
})

describe('a worker that dies', () => {
	test('fails its task with RenderWorkerError and is replaced; the next render works', async () => {
		const faulty = pool({ concurrency: 1, queue: 1, worker: faultyWorker })
		await faulty.run({ kind: 'card', state: base })
		const first = faulty.threads[0]
		await expect(
			faulty.run({ kind: 'card', state: { ...base, text: CRASH_PHRASE } }),
		).rejects.toBeInstanceOf(RenderWorkerError)
		const after = await faulty.run({ kind: 'card', state: { ...base, seed: 7 } })
		expect((await sharp(after).metadata()).format).toBe('jpeg')
		expect(faulty.threads[0]).not.toBe(first)
		expect(faulty.workersStarted).toBe(2)
	})

	test('a worker stuck past its time is ended: RenderWorkerError, and the pool goes on', async () => {
		const faulty = pool({ concurrency: 1, queue: 1, worker: faultyWorker, taskTimeoutMs: 3000 })
		await faulty.run({ kind: 'card', state: base })
		await expect(
			faulty.run({ kind: 'card', state: { ...base, text: HANG_PHRASE } }),
		).rejects.toBeInstanceOf(RenderWorkerError)
		expect(faulty.limiter.active).toBe(0)
		const after = await faulty.run({ kind: 'card', state: { ...base, seed: 8 } })
		expect((await sharp(after).metadata()).format).toBe('jpeg')
	})
})

describe('the card routes over the pool', () => {
	const card = { ...base, size: 'whatsapp' as const }
	const zipUrl = (state: typeof card) =>
		signedCardUrl('/tarjetas/todas.zip', new URL(cardImageUrl(state), 'http://x').searchParams)
	const get = (path: string) => new Request(`http://x${path}`)

	test('a render whose worker dies answers 503 with Retry-After, never hangs; the next one renders', async () => {
		const previous = replaceRenderPool(pool({ concurrency: 1, queue: 1, worker: faultyWorker }))
		try {
			const crash = await serve.cardImageResponse(
				get(cardImageUrl({ ...card, text: CRASH_PHRASE })),
				{ clientAddress: '198.51.100.1' },
			)
			expect(crash.status).toBe(503)
			expect(crash.headers.get('retry-after')).toBe(String(CARD_LIMITS.busyRetryAfterSeconds))
			expect(await crash.text()).toBe(CARD_GUARD_MESSAGES.busy)
			const next = await serve.cardImageResponse(get(cardImageUrl({ ...card, seed: 31 })), {
				clientAddress: '198.51.100.1',
			})
			expect(next.status).toBe(200)
		} finally {
			replaceRenderPool(previous)
		}
	})

	test('ZIPs beyond concurrency + queue get 503 with Retry-After at once; exactly the others are drawn', async () => {
		const previous = replaceRenderPool(pool({ concurrency: 1, queue: 2 }))
		imageCache.clear()
		try {
			const answers = await Promise.all(
				Array.from({ length: 6 }, (_, index) =>
					serve.cardZipResponse(get(zipUrl({ ...card, seed: 500 + index })), {
						clientAddress: `198.51.100.${10 + index}`,
					}),
				),
			)
			const statuses = answers.map((answer) => answer.status).sort()
			expect(statuses).toEqual([200, 200, 200, 503, 503, 503])
			for (const answer of answers.filter((each) => each.status === 503)) {
				expect(answer.headers.get('retry-after')).toBe(String(CARD_LIMITS.busyRetryAfterSeconds))
			}
		} finally {
			replaceRenderPool(previous)
		}
	})
})
