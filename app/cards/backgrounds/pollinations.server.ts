import { createHash } from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import { Limiter, QueueFullError } from '~/utils/concurrency.server'
import { getEnv } from '~/utils/env.server'
import { CARD_LIMITS } from '../limits'
import { DiskLru } from './disk-cache.server'
import { BACKGROUND_TYPES, type BackgroundType } from './types'

/**
 * Remote AI backgrounds from Pollinations (IMAGE_PROVIDER=pollinations). Fetched by the
 * server only, a few downloads at once, cached on disk by URL (least recently used files
 * go past CARD_LIMITS.backgroundCacheBytes), and the caller falls back to the procedural
 * background whenever this throws.
 */

const POLLINATIONS_PUBLIC_URL = 'https://image.pollinations.ai'
const POLLINATIONS_TIMEOUT_MS = 60_000
const MAX_IMAGE_BYTES = 20 * 1024 * 1024

/** Ends every prompt: quality wording, and no lettering under our own text. */
const PROMPT_QUALITY =
	'high quality, highly detailed, beautiful composition, soft lighting, background image, no text'

interface Theme {
	id: 'love' | 'motivation' | 'nature' | 'technology' | 'food' | 'travel' | 'fitness'
	style: string
	/** Whole words, or prefixes when they end with '*'. Accents are ignored. */
	keywords: string[]
}

const PHRASE_THEMES: Theme[] = [
	{
		id: 'love',
		style: 'romantic atmosphere, soft pink and warm red tones, bokeh lights, dreamy',
		keywords: [
			'amor*',
			'amo',
			'amar',
			'enamor*',
			'corazon*',
			'romanti*',
			'pareja',
			'beso*',
			'querer',
			'quiero',
			'carino*',
			'love*',
			'lover*',
			'heart*',
			'kiss*',
			'romance',
		],
	},
	{
		id: 'motivation',
		style: 'inspiring sunrise over mountain peaks, dramatic sky, golden light, epic',
		keywords: [
			'motiva*',
			'exito*',
			'meta',
			'metas',
			'sueno*',
			'suenos',
			'logr*',
			'lucha*',
			'esfuerz*',
			'supera*',
			'inspira*',
			'persever*',
			'triunf*',
			'motivation*',
			'success*',
			'goal*',
			'dream*',
			'achiev*',
			'hustle',
			'inspir*',
		],
	},
	{
		id: 'nature',
		style: 'lush nature scene, forest, mountains and calm water, natural light, serene',
		keywords: [
			'naturaleza',
			'bosque*',
			'montana*',
			'flor',
			'flores',
			'arbol*',
			'mar',
			'oceano*',
			'rio',
			'rios',
			'cielo',
			'lluvia',
			'primavera',
			'otono',
			'nature',
			'forest*',
			'mountain*',
			'flower*',
			'tree*',
			'ocean*',
			'river*',
			'garden*',
			'jardin*',
		],
	},
	{
		id: 'technology',
		style: 'futuristic technology, abstract digital network, glowing blue circuits, modern',
		keywords: [
			'tecnolog*',
			'digital*',
			'innova*',
			'futur*',
			'robot*',
			'inteligencia artificial',
			'ia',
			'ai',
			'codigo*',
			'programa*',
			'internet',
			'software',
			'app',
			'apps',
			'technolog*',
			'tech',
			'code',
			'coding',
			'startup*',
		],
	},
	{
		id: 'food',
		style:
			'delicious food photography, warm tones, rustic wooden table, appetizing, shallow depth of field',
		keywords: [
			'comida*',
			'cocina*',
			'receta*',
			'cafe',
			'cafes',
			'delicios*',
			'sabor*',
			'postre*',
			'chocolate*',
			'pizza*',
			'restaurante*',
			'food*',
			'cook*',
			'recipe*',
			'coffee',
			'delicious',
			'dessert*',
			'foodie',
		],
	},
	{
		id: 'travel',
		style: 'breathtaking travel destination, scenic landscape, wanderlust, golden hour',
		keywords: [
			'viaj*',
			'aventura*',
			'destino*',
			'vacacion*',
			'playa*',
			'explora*',
			'mundo',
			'maleta*',
			'travel*',
			'trip*',
			'adventure*',
			'vacation*',
			'beach*',
			'wanderlust',
			'journey*',
		],
	},
	{
		id: 'fitness',
		style: 'energetic fitness atmosphere, modern gym, dynamic light, strength and energy',
		keywords: [
			'fitness',
			'gym',
			'gimnasio*',
			'entren*',
			'ejercicio*',
			'deporte*',
			'salud*',
			'musculo*',
			'correr',
			'pesas',
			'workout*',
			'training',
			'exercise*',
			'sport*',
			'health*',
			'muscle*',
			'running',
		],
	},
]

function normalizeWords(text: string) {
	return ` ${text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()} `
}

function countMatches(words: string, keywords: string[]) {
	let count = 0
	for (const keyword of keywords) {
		if (keyword.endsWith('*')) {
			const prefix = ` ${keyword.slice(0, -1)}`
			let at = words.indexOf(prefix)
			while (at !== -1) {
				count++
				at = words.indexOf(prefix, at + prefix.length)
			}
		} else if (words.includes(` ${keyword} `)) {
			count++
		}
	}
	return count
}

/** The theme whose keywords occur most often in the phrase (ties: the order of the list). */
export function detectTheme(text: string): Theme['id'] | null {
	const words = normalizeWords(text)
	let best: Theme | null = null
	let bestCount = 0
	for (const theme of PHRASE_THEMES) {
		const count = countMatches(words, theme.keywords)
		if (count > bestCount) {
			best = theme
			bestCount = count
		}
	}
	return best?.id ?? null
}

/** The image prompt: the phrase's theme style, else the background type's style. */
export function buildBackgroundPrompt(text: string, type: BackgroundType): string {
	const theme = detectTheme(text)
	const style = theme
		? (PHRASE_THEMES.find((candidate) => candidate.id === theme)?.style ?? '')
		: BACKGROUND_TYPES[type].style
	return `${style}, ${PROMPT_QUALITY}`
}

export function pollinationsUrl({
	baseUrl,
	prompt,
	seed,
	width,
	height,
}: {
	baseUrl: string
	prompt: string
	seed: number
	width: number
	height: number
}): string {
	const query = new URLSearchParams({
		nologo: 'true',
		seed: String(seed),
		model: 'flux',
		width: String(width),
		height: String(height),
	})
	return `${baseUrl.replace(/\/+$/, '')}/prompt/${encodeURIComponent(prompt)}?${query}`
}

export interface PollinationsOptions {
	baseUrl?: string
	token?: string
	/** Defaults to DATA_DIR/cache/backgrounds. */
	cacheDir?: string
	timeoutMs?: number
	signal?: AbortSignal
	/** Only answer from the disk cache; throw on a miss. */
	cacheOnly?: boolean
	/** Bound of the disk cache; defaults to CARD_LIMITS.backgroundCacheBytes. */
	cacheMaxBytes?: number
}

interface BackgroundRequest {
	text: string
	type: BackgroundType
	seed: number
	width: number
	height: number
}

const inFlight = new Map<string, Promise<Buffer>>()
/** Downloads at once (each may take up to a minute); beyond the queue a request falls back. */
export const downloadLimiter = new Limiter(
	'remote backgrounds',
	CARD_LIMITS.downloadConcurrency,
	CARD_LIMITS.downloadQueue,
)
const caches = new Map<string, DiskLru>()

/** The disk cache of a folder (one index per folder and process). */
function backgroundCache(dir: string, maxBytes = CARD_LIMITS.backgroundCacheBytes) {
	let cache = caches.get(dir)
	if (!cache || cache.maxBytes !== maxBytes) {
		cache = new DiskLru(dir, maxBytes)
		caches.set(dir, cache)
	}
	return cache
}

/** URLs that failed recently, with when to try again: a down service is not hammered. */
const recentFailures = new Map<string, number>()
const FAILURE_RETRY_MS = 2 * 60_000

function resolveOptions(options: PollinationsOptions) {
	const env = options.baseUrl && options.cacheDir ? null : getEnv()
	return {
		baseUrl: options.baseUrl ?? env?.POLLINATIONS_BASE_URL ?? POLLINATIONS_PUBLIC_URL,
		token: options.token ?? (options.baseUrl ? undefined : env?.POLLINATIONS_TOKEN),
		cacheDir: options.cacheDir ?? path.join(env?.dataDir ?? './data', 'cache', 'backgrounds'),
		timeoutMs: options.timeoutMs ?? POLLINATIONS_TIMEOUT_MS,
	}
}

/**
 * The remote background for a phrase at a size, from the disk cache or the service.
 * Concurrent requests for the same URL share one download; a URL that failed is not
 * tried again for two minutes. Throws on any failure (timeout, HTTP error, not an image)
 * so the caller can fall back.
 */
export async function fetchPollinationsBackground(
	request: BackgroundRequest,
	options: PollinationsOptions = {},
): Promise<Buffer> {
	const config = resolveOptions(options)
	const url = pollinationsUrl({
		baseUrl: config.baseUrl,
		prompt: buildBackgroundPrompt(request.text, request.type),
		seed: request.seed,
		width: request.width,
		height: request.height,
	})
	const key = createHash('sha256').update(url).digest('hex').slice(0, 40)
	const cache = backgroundCache(config.cacheDir, options.cacheMaxBytes)
	const cached = await cache.read(`${key}.img`)
	if (cached) return cached
	if (options.cacheOnly) throw new Error('Background not cached')
	const retryAt = recentFailures.get(key)
	if (retryAt && retryAt > Date.now()) throw new Error('Background failed recently')

	let pending = inFlight.get(key)
	if (!pending) {
		pending = downloadLimiter
			.run(() => download(url, config, options.signal))
			.then(async (bytes) => {
				await cache.write(`${key}.img`, bytes)
				return bytes
			})
		inFlight.set(key, pending)
		pending.then(
			() => {
				inFlight.delete(key)
				recentFailures.delete(key)
			},
			(error: unknown) => {
				inFlight.delete(key)
				// A full queue or a visitor who left says nothing about the service.
				if (options.signal?.aborted || error instanceof QueueFullError) return
				recentFailures.set(key, Date.now() + FAILURE_RETRY_MS)
			},
		)
	}
	return pending
}

async function download(
	url: string,
	config: ReturnType<typeof resolveOptions>,
	signal?: AbortSignal,
): Promise<Buffer> {
	const timeout = AbortSignal.timeout(config.timeoutMs)
	const response = await fetch(url, {
		headers: {
			accept: 'image/*',
			...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
		},
		signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
	})
	if (!response.ok) throw new Error(`Pollinations answered ${response.status}`)
	const declared = Number(response.headers.get('content-length') ?? 0)
	if (declared > MAX_IMAGE_BYTES) throw new Error('Pollinations image too large')
	const bytes = Buffer.from(await response.arrayBuffer())
	if (bytes.length > MAX_IMAGE_BYTES) throw new Error('Pollinations image too large')
	const { format } = await sharp(bytes).metadata()
	if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
		throw new Error(`Pollinations sent no usable image (${format ?? 'unknown'})`)
	}
	return bytes
}
