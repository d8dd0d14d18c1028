import { z } from 'zod'
import {
	BACKGROUND_TYPE_KEYS,
	DEFAULT_BACKGROUND_TYPE,
	type BackgroundType,
} from './backgrounds/types'
import { FONT_IDS } from './fonts'
import {
	CORNERS,
	DEFAULT_CORNER,
	HANDLE_MAX_LENGTH,
	handleProblem,
	normalizeHandle,
	type Corner,
} from './handle'
import {
	CARD_DEFAULTS,
	CARD_PARAMS,
	DESIGN_DEFAULTS,
	FONT_SIZE,
	INDEX_MAX,
	isStep,
	OVERLAY,
	roundToTenth,
	SEED_MAX,
	TEXT_MAX_LENGTH,
	type CardDesign,
	type CardState,
} from './params'
import { SIZE_KEYS, type SizeKey } from './sizes'

export * from './params'

/** Every message a bad card URL can produce, in one place. */
export const CARD_STATE_MESSAGES = {
	textRequired: 'La frase no puede estar vacía.',
	textTooLong: `La frase no puede superar los ${TEXT_MAX_LENGTH} caracteres.`,
	index: `El número de frase debe ser un entero entre 1 y ${INDEX_MAX}.`,
	size: 'El tamaño de plataforma no es válido.',
	font: 'El tipo de letra no es válido.',
	fontSize: `El tamaño de fuente debe ser un número par entre ${FONT_SIZE.min} y ${FONT_SIZE.max}.`,
	color: 'El color del texto debe tener el formato #rrggbb.',
	overlay: 'La opacidad de la capa debe estar entre 0 y 0,8, en pasos de 0,1.',
	background: 'El tipo de fondo no es válido.',
	seed: `La semilla del fondo debe ser un número entero entre 0 y ${SEED_MAX}.`,
	upload: 'El identificador del fondo subido no es válido.',
	handle: `La firma debe tener hasta ${HANDLE_MAX_LENGTH} letras, números, espacios o los signos @ . _ -`,
	corner: 'La esquina de la firma no es válida.',
} as const

const UPLOAD_ID = /^[A-Za-z0-9_-]{10,64}$/

/** Trims, unifies line breaks and drops control characters other than the line break. */
export function normalizeText(text: string): string {
	return (
		text
			.replace(/\r\n?/g, '\n')
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
			.split('\n')
			.map((line) => line.replace(/\s+/g, ' ').trim())
			.join('\n')
			.replace(/\n{3,}/g, '\n\n')
			.trim()
	)
}

const textSchema = z
	.string({ error: CARD_STATE_MESSAGES.textRequired })
	.transform(normalizeText)
	.pipe(
		z
			.string()
			.min(1, CARD_STATE_MESSAGES.textRequired)
			.refine((text) => [...text].length <= TEXT_MAX_LENGTH, CARD_STATE_MESSAGES.textTooLong),
	)

const colorSchema = z
	.string({ error: CARD_STATE_MESSAGES.color })
	.trim()
	.toLowerCase()
	.regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/, CARD_STATE_MESSAGES.color)
	.transform((value) => {
		const hex = value.replace('#', '')
		return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
	})

function integer(min: number, max: number, message: string) {
	return z.int({ error: message }).min(min, message).max(max, message)
}

/** The state as values (for state built in code, e.g. from a saved design). */
const cardStateSchema = z
	.object({
		text: textSchema,
		index: integer(1, INDEX_MAX, CARD_STATE_MESSAGES.index),
		size: z.enum(SIZE_KEYS as [SizeKey, ...SizeKey[]], { error: CARD_STATE_MESSAGES.size }),
		font: z.enum(FONT_IDS as [string, ...string[]], { error: CARD_STATE_MESSAGES.font }),
		fontSize: integer(FONT_SIZE.min, FONT_SIZE.max, CARD_STATE_MESSAGES.fontSize).refine(
			(value) => value % FONT_SIZE.step === 0,
			CARD_STATE_MESSAGES.fontSize,
		),
		color: colorSchema,
		overlay: z
			.number({ error: CARD_STATE_MESSAGES.overlay })
			.min(OVERLAY.min, CARD_STATE_MESSAGES.overlay)
			.max(OVERLAY.max + 1e-9, CARD_STATE_MESSAGES.overlay)
			.refine((value) => isStep(value, OVERLAY.step), CARD_STATE_MESSAGES.overlay)
			.transform(roundToTenth),
		background: z.enum(BACKGROUND_TYPE_KEYS as [BackgroundType, ...BackgroundType[]], {
			error: CARD_STATE_MESSAGES.background,
		}),
		seed: integer(0, SEED_MAX, CARD_STATE_MESSAGES.seed),
		upload: z.string().regex(UPLOAD_ID, CARD_STATE_MESSAGES.upload).optional(),
		handle: z
			.string()
			.transform(normalizeHandle)
			.refine((handle) => handleProblem(handle) === null, CARD_STATE_MESSAGES.handle)
			.optional(),
		corner: z
			.enum(CORNERS as unknown as [Corner, ...Corner[]], { error: CARD_STATE_MESSAGES.corner })
			.optional(),
	})
	.transform(({ corner, ...state }): CardState =>
		// One spelling per card: a corner only with a handle, and then always one.
		state.handle ? { ...state, corner: corner ?? DEFAULT_CORNER } : state,
	)

/** A strict decimal-integer string → number (rejects '', '1e3', '0x1', '1.5'). */
function integerParam(message: string) {
	return z
		.string()
		.trim()
		.regex(/^\d{1,12}$/, message)
		.transform(Number)
}

const decimalParam = (message: string) =>
	z
		.string()
		.trim()
		.transform((value) => value.replace(',', '.'))
		.pipe(z.string().regex(/^(\d+(\.\d*)?|\.\d+)$/, message))
		.transform(Number)

/** Parameter strings → raw values; cardStateSchema then checks the bounds. */
const paramsSchema = z.object({
	text: z.string().optional(),
	index: integerParam(CARD_STATE_MESSAGES.index).optional(),
	size: z.string().trim().optional(),
	font: z.string().trim().optional(),
	fontSize: integerParam(CARD_STATE_MESSAGES.fontSize).optional(),
	color: z.string().optional(),
	overlay: decimalParam(CARD_STATE_MESSAGES.overlay).optional(),
	background: z.string().trim().optional(),
	seed: integerParam(CARD_STATE_MESSAGES.seed).optional(),
	upload: z
		.string()
		.trim()
		.transform((value) => value || undefined)
		.optional(),
	handle: z.string().optional(),
	corner: z.string().trim().optional(),
})

type ParseCardStateResult =
	| { ok: true; state: CardState }
	| {
			ok: false
			/** Spanish messages, one per bad parameter. */
			errors: string[]
			/** The same messages by field. */
			fieldErrors: Partial<Record<keyof CardState, string>>
	  }

function failure(issues: z.core.$ZodIssue[]): ParseCardStateResult {
	const fieldErrors: Partial<Record<keyof CardState, string>> = {}
	for (const issue of issues) {
		const field = issue.path[0] as keyof CardState
		fieldErrors[field] ??= issue.message
	}
	return { ok: false, errors: [...new Set(Object.values(fieldErrors))], fieldErrors }
}

/**
 * Reads a card from URL parameters. Missing parameters take the defaults (the phrase is
 * required); present ones must be within bounds. Unknown parameters are ignored, so routes
 * can add their own (e.g. a download flag).
 */
export function parseCardState(params: URLSearchParams): ParseCardStateResult {
	const raw: Record<string, string | undefined> = {}
	for (const [field, name] of Object.entries(CARD_PARAMS)) {
		raw[field] = params.get(name) ?? undefined
	}
	const parsedParams = paramsSchema.safeParse(raw)
	if (!parsedParams.success) return failure(parsedParams.error.issues)
	const values = Object.fromEntries(
		Object.entries(parsedParams.data).filter(([, value]) => value !== undefined),
	)
	const parsed = cardStateSchema.safeParse({ ...CARD_DEFAULTS, ...values })
	if (!parsed.success) return failure(parsed.error.issues)
	return { ok: true, state: parsed.data }
}

/** A random background seed, 0 to 999 999: the range agreed for the image service. */
export function randomSeed(): number {
	return Math.floor(Math.random() * 1_000_000)
}

/** A new card for a phrase, with the given design defaults (e.g. the Instagram ones). */
export function createCardState({
	text,
	index = 1,
	seed = randomSeed(),
	background = DEFAULT_BACKGROUND_TYPE,
	design = DESIGN_DEFAULTS,
}: {
	text: string
	index?: number
	seed?: number
	background?: BackgroundType
	design?: Partial<CardDesign>
}): CardState {
	return cardStateSchema.parse({
		...CARD_DEFAULTS,
		...design,
		// Generated phrases are short; a longer text is cut rather than refused.
		text: [...normalizeText(text)].slice(0, TEXT_MAX_LENGTH).join(''),
		index,
		seed,
		background,
	})
}
