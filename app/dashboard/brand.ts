import { z } from 'zod'
import { FONT_IDS } from '~/cards/fonts'
import {
	CORNERS,
	DEFAULT_CORNER,
	HANDLE_MAX_LENGTH,
	handleProblem,
	normalizeHandle,
	type Corner,
} from '~/cards/handle'
import { DESIGN_DEFAULTS, isHexColor, isStep, OVERLAY, roundToTenth } from '~/cards/params'
import { settingsMessages } from './settings'

/**
 * "Tu marca" (a tab of /dashboard/configuracion): the handle a signed-in user's cards carry,
 * its corner, and the design their new cards start from. The form's schema, defaults and
 * every Spanish text, shared by the page's action and its form.
 */

export const BRAND_TAB = 'marca'
export const BRAND_INTENT = 'guardar-marca'

export interface BrandValues {
	/** Null: no handle on the cards. */
	handle: string | null
	corner: Corner
	/** Whether font, color and overlay replace each page's built-in card design. */
	useDesign: boolean
	font: string
	color: string
	overlay: number
}

/** What a user who never saved the tab has: no handle, every page's own design. */
export const DEFAULT_BRAND: BrandValues = {
	handle: null,
	corner: DEFAULT_CORNER,
	useDesign: false,
	font: DESIGN_DEFAULTS.font,
	color: DESIGN_DEFAULTS.color,
	overlay: DESIGN_DEFAULTS.overlay,
}

export const brandMessages = {
	title: 'Tu marca',
	intro:
		'Tu firma aparece pequeña en una esquina de cada tarjeta que creas (en la descarga, en el ZIP y en la vista previa) y queda como autor en los datos de la imagen. Puedes quitarla de una tarjeta concreta desde «Editar Diseño».',
	saved: 'Tu marca se ha guardado',
	handleLabel: 'Firma o usuario',
	handleHint: `Por ejemplo @mi_cuenta. Hasta ${HANDLE_MAX_LENGTH} caracteres: letras, números, espacios y los signos @ . _ -. Déjala vacía para no firmar tus tarjetas.`,
	handleTooLong: `La firma no puede tener más de ${HANDLE_MAX_LENGTH} caracteres.`,
	handleCharacters: 'La firma solo puede llevar letras, números, espacios y los signos @ . _ -',
	cornerLegend: 'Esquina de la firma',
	cornerInvalid: 'Elige una de las cuatro esquinas.',
	designLegend: 'Diseño de tus tarjetas nuevas',
	useDesign: 'Usar este diseño en mis tarjetas nuevas',
	useDesignHint:
		'Desactivado, cada página usa su diseño de siempre (Instagram, por ejemplo, empieza en Roboto).',
	fontLabel: 'Tipo de letra',
	fontInvalid: 'Elige uno de los tipos de letra de la lista.',
	colorLabel: 'Color del texto',
	colorInvalid: 'El color del texto debe tener el formato #rrggbb.',
	overlayLabel: 'Opacidad de la capa oscura',
	overlayInvalid: 'La opacidad de la capa debe estar entre 0 y 0,8, en pasos de 0,1.',
} as const

export const CORNER_LABELS: Record<Corner, string> = {
	'bottom-right': 'Abajo a la derecha',
	'bottom-left': 'Abajo a la izquierda',
	'top-right': 'Arriba a la derecha',
	'top-left': 'Arriba a la izquierda',
}

const handleSchema = z
	.string({ error: brandMessages.handleCharacters })
	.optional()
	.transform((value) => normalizeHandle(value ?? ''))
	.superRefine((handle, ctx) => {
		const problem = handle ? handleProblem(handle) : null
		if (problem === 'tooLong')
			ctx.addIssue({ code: 'custom', message: brandMessages.handleTooLong })
		if (problem === 'characters') {
			ctx.addIssue({ code: 'custom', message: brandMessages.handleCharacters })
		}
	})
	.transform((handle) => handle || null)

const overlaySchema = z
	.number({ error: brandMessages.overlayInvalid })
	.min(OVERLAY.min, brandMessages.overlayInvalid)
	.max(OVERLAY.max + 1e-9, brandMessages.overlayInvalid)
	.refine((value) => isStep(value, OVERLAY.step), brandMessages.overlayInvalid)
	.transform(roundToTenth)

/** The tab's form. An unchecked checkbox sends nothing: missing means off. */
export const brandSchema = z.object({
	handle: handleSchema,
	corner: z.enum(CORNERS, { error: brandMessages.cornerInvalid }),
	useDesign: z.boolean({ error: settingsMessages.optionInvalid }).default(false),
	font: z.enum(FONT_IDS as [string, ...string[]], { error: brandMessages.fontInvalid }),
	color: z
		.string({ error: brandMessages.colorInvalid })
		.trim()
		.toLowerCase()
		.refine(isHexColor, brandMessages.colorInvalid),
	overlay: overlaySchema,
})
