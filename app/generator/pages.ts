/**
 * The three generator pages, one entry each: everything that makes the home, Instagram
 * and Facebook generators differ is written here once. Loaders, actions, the form, the
 * schema, the cards and the generation itself read their page's entry.
 *
 * Safe for the browser: data only.
 */
import type { CardDesign } from '~/cards/params'
import { PHRASE_TYPE_LABELS, type PhraseTypeValue } from '~/generation/options'

interface GeneratorPageConfig {
	/** The page's URL path. */
	path: string
	/** The page's name in menus and breadcrumbs. */
	label: string
	/** The phrase types it offers, in the select's order; the first is the default. */
	phraseTypes: readonly PhraseTypeValue[]
	/** How many phrases one generation may ask for. */
	counts: { min: number; max: number; default: number; options: readonly number[] }
	/** Whether the hashtag toggle starts on. */
	hashtagsByDefault: boolean
	/** Picture types the image mode accepts; none means the page has no image mode. */
	imageTypes: readonly string[]
	/** The image field's hint. */
	imageHint: string
	/** The form chooses the cards' format (and the results can change it for the batch). */
	chooseCardFormat: boolean
	/** Each phrase has a copy button, and the batch a 'Guardar Todas' button. */
	copyAndSaveAll: boolean
	/** The generate button while a generation runs. */
	pendingLabel: string
	/** Sampling parameters sent to the model. */
	sampling: { temperature: number; topP: number; topK: number; maxOutputTokens: number }
	/** Emojis per phrase the instruction asks for. */
	emojis: { min: number; max: number }
	/** How the page's cards differ from the default card design (a font id, an overlay). */
	card: Partial<CardDesign>
}

const TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const
const STILL_IMAGES = ['image/png', 'image/jpeg', 'image/gif'] as const

export const GENERATOR_PAGES = {
	home: {
		path: '/',
		label: 'Inicio',
		// '' is the home page's "Ninguno": phrases of no particular type.
		phraseTypes: [
			'',
			'motivacionales',
			'profesionales',
			'creativas',
			'persuasivas',
			'emocionales',
			'inspiradoras',
			'divertidas',
			'reflexivas',
			'románticas',
			'amor',
			'filosóficas',
			'superación',
			'científicas',
			'históricas',
			'espirituales',
			'irónicas',
			'populares',
			'literarias',
			'sarcásticas',
			'cómicas',
			'épicas',
			'amistad',
			'familia',
			'trabajo',
			'deportivas',
			'educativas',
			'navideñas',
			'cumpleaños',
			'graduación',
			'viajes',
			'naturaleza',
			'tecnología',
			'música',
			'arte',
			'cocina',
			'salud',
			'fitness',
			'emprendimiento',
			'liderazgo',
			'éxito',
			'gratitud',
		],
		counts: { min: 1, max: 10, default: 4, options: TEN },
		hashtagsByDefault: false,
		imageTypes: [],
		imageHint: '',
		chooseCardFormat: true,
		copyAndSaveAll: false,
		pendingLabel: 'Generando Frases...',
		sampling: { temperature: 0.8, topP: 0.95, topK: 50, maxOutputTokens: 2048 },
		emojis: { min: 1, max: 2 },
		card: {},
	},
	instagram: {
		path: '/instagram',
		label: 'Instagram',
		phraseTypes: [
			'instagram',
			'motivacionales',
			'inspiradoras',
			'negocios',
			'moda',
			'viajes',
			'comida',
			'fitness',
		],
		counts: { min: 1, max: 10, default: 4, options: TEN },
		hashtagsByDefault: true,
		imageTypes: [...STILL_IMAGES, 'image/webp'],
		imageHint: 'PNG, JPG, GIF o WEBP, hasta 15MB.',
		chooseCardFormat: false,
		copyAndSaveAll: true,
		pendingLabel: 'Generando Frases...',
		sampling: { temperature: 0.8, topP: 0.95, topK: 50, maxOutputTokens: 2048 },
		emojis: { min: 2, max: 3 },
		card: { font: 'roboto', overlay: 0.4 },
	},
	facebook: {
		path: '/facebook',
		label: 'Facebook',
		phraseTypes: [
			'facebook',
			'emocionales',
			'motivacionales',
			'inspiradoras',
			'creativas',
			'humor',
			'negocios',
			'viajes',
			'moda',
			'comida',
			'fitness',
			'reflexivas',
			'amor',
		],
		counts: { min: 3, max: 12, default: 6, options: [3, 6, 9, 12] },
		hashtagsByDefault: true,
		imageTypes: STILL_IMAGES,
		imageHint: 'PNG, JPG o GIF, hasta 15MB.',
		chooseCardFormat: false,
		copyAndSaveAll: true,
		pendingLabel: 'Generando...',
		sampling: { temperature: 0.8, topP: 0.9, topK: 40, maxOutputTokens: 1024 },
		emojis: { min: 1, max: 3 },
		card: {},
	},
} as const satisfies Record<string, GeneratorPageConfig>

export type Page = keyof typeof GENERATOR_PAGES

export const PAGES = Object.keys(GENERATOR_PAGES) as Page[]

/** Whether the page takes a picture instead of a topic (Instagram and Facebook do). */
export function hasImageMode(page: Page) {
	return GENERATOR_PAGES[page].imageTypes.length > 0
}

/** The page's phrase types with their labels, for its select. */
export function phraseTypeOptions(page: Page) {
	return GENERATOR_PAGES[page].phraseTypes.map((value) => ({
		value,
		label: PHRASE_TYPE_LABELS[value],
	}))
}

/** Which generator page a path is, or null. */
export function generatorPageOf(pathname: string): Page | null {
	return PAGES.find((page) => GENERATOR_PAGES[page].path === pathname) ?? null
}

/** The page showing a batch (`extra`: more parameters or an anchor, e.g. '#frase-2'). */
export function batchHref(page: Page, batchId: string, extra = '') {
	return `${GENERATOR_PAGES[page].path}?lote=${encodeURIComponent(batchId)}${extra}`
}
