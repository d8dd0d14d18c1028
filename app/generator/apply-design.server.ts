import { redirect } from '@remix-run/node'
import { getViewer } from '~/auth/guards.server'
import { CARD_MESSAGES } from '~/cards/messages'
import { CARD_PARAMS, parseCardState, type CardState } from '~/cards/state'
import { redirectWithToast } from '~/utils/toast.server'
import { findCard } from './card-actions.server'
import {
	cleanPageSearch,
	fieldParam,
	pageHref,
	pageUrlWithCard,
	PAGE_FIELDS,
	UI_PARAMS,
	withHandle,
} from './card-params.server'
import { HANDLE_SWITCH } from './handle-switch'
import { generatorPageOf } from './pages'

/** Design-editor fields and the background type, as the GET forms send them. */
const APPLY_FIELDS = ['size', 'font', 'fontSize', 'color', 'overlay', 'background'] as const

/**
 * The design editor's handle switch: a hidden 'no' followed by a checkbox 'si', so the last
 * value is the checkbox's when it is ticked. Null when the form has no switch.
 */
function handleSwitch(params: URLSearchParams): boolean | null {
	const values = params.getAll(HANDLE_SWITCH.param)
	if (values.length === 0) return null
	return values.at(-1) === HANDLE_SWITCH.on
}

/**
 * GET /tarjetas/aplicar: applies the design editor (`aviso=diseno`) or the background-type
 * select of card `n` to the page in `volver`, and goes back there with a compact URL.
 */
export async function applyCardChanges(request: Request): Promise<Response> {
	const url = new URL(request.url)
	const back = new URL(url.searchParams.get('volver') ?? '/', url.origin)
	const page = back.origin === url.origin ? generatorPageOf(back.pathname) : null
	if (!page) return redirect('/')
	const number = Number(url.searchParams.get(UI_PARAMS.card))
	const { viewer } = await getViewer(request)
	const card = await findCard(page, back.searchParams, number, viewer)
	if (!card) return redirect(pageHref(page, cleanPageSearch(back.searchParams)))

	const design = url.searchParams.get('aviso') === 'diseno'
	const params = new URLSearchParams()
	const current = card.state
	params.set(CARD_PARAMS.text, current.text)
	params.set(CARD_PARAMS.index, String(current.index))
	for (const field of PAGE_FIELDS) {
		const value = fieldParam(current, field)
		if (value !== null) params.set(CARD_PARAMS[field], value)
	}
	for (const field of APPLY_FIELDS) {
		const value = url.searchParams.get(CARD_PARAMS[field])
		if (value !== null && value.trim() !== '') params.set(CARD_PARAMS[field], value)
	}
	let parsed = parseCardState(params)
	let error: string | null = null
	if (!parsed.ok) {
		error = parsed.errors[0] ?? null
		for (const field of Object.keys(parsed.fieldErrors) as Array<keyof CardState>) {
			const value = fieldParam(current, field as (typeof PAGE_FIELDS)[number])
			if (value === null) params.delete(CARD_PARAMS[field])
			else params.set(CARD_PARAMS[field], value)
		}
		parsed = parseCardState(params)
	}
	const state = withHandle(
		parsed.ok ? parsed.state : current,
		card.defaults,
		handleSwitch(url.searchParams) ?? Boolean(current.handle),
	)
	const location = pageUrlWithCard(page, back.searchParams, {
		cardNumber: number,
		state,
		defaults: card.defaults,
		// A refused value keeps the editor open, next to the fields.
		open: error && design ? 'editor' : undefined,
	})
	if (error) return redirectWithToast(location, { type: 'error', message: error })
	if (design) {
		return redirectWithToast(location, { type: 'success', message: CARD_MESSAGES.designApplied })
	}
	return redirect(location)
}
