import { Form, Link } from '@remix-run/react'
import { useState } from 'react'
import { FontOptions } from '~/components/font-options'
import { CARD_MESSAGES } from '~/cards/messages'
import { CARD_PARAMS, FONT_SIZE, OVERLAY, roundToTenth, type CardState } from '~/cards/params'
import { HANDLE_SWITCH } from '~/generator/handle-switch'
import { PLATFORM_SIZES, SIZE_KEYS, isSizeKey } from '~/cards/sizes'
import { type CardView } from '~/generator/view'
import { cx } from '~/utils/misc'
import {
	inputClass,
	NumberSlider,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'

const labelClass = 'block text-sm font-medium text-gray-800 dark:text-gray-200'

function parseNumber(
	value: string,
	{ min, max, step }: { min: number; max: number; step: number },
) {
	const number = Number(value.replace(',', '.'))
	if (!Number.isFinite(number) || number < min || number > max) return null
	const steps = Math.round((number - min) / step)
	return roundToTenth(min + steps * step)
}

/**
 * The design editor of a card: a GET form to /tarjetas/aplicar, so it works without
 * JavaScript. With JavaScript every change also redraws the preview at once (`onDraft`).
 */
export function DesignEditor({
	card,
	enhanced,
	onDraft,
}: {
	card: CardView
	enhanced: boolean
	onDraft: (change: Partial<CardState>) => void
}) {
	const { state, number } = card
	const [fontSize, setFontSize] = useState(String(state.fontSize))
	const [overlay, setOverlay] = useState(String(state.overlay))
	const id = (field: string) => `tarjeta-${number}-${field}`

	const changeFontSize = (value: string) => {
		setFontSize(value)
		const parsed = parseNumber(value, FONT_SIZE)
		if (parsed !== null) onDraft({ fontSize: parsed })
	}
	const changeOverlay = (value: string) => {
		setOverlay(value)
		const parsed = parseNumber(value, OVERLAY)
		if (parsed !== null) onDraft({ overlay: parsed })
	}

	return (
		<Form
			method="get"
			action={card.forms.apply}
			preventScrollReset
			className="space-y-4 rounded-xl border border-gray-200 bg-white p-3 sm:p-4 dark:border-white/10 dark:bg-gray-950"
			aria-labelledby={id('editor-titulo')}
			data-testid="design-editor"
		>
			<h3 id={id('editor-titulo')} className="font-semibold text-gray-900 dark:text-white">
				Diseño de la imagen
			</h3>
			<input type="hidden" name="volver" value={card.forms.back} />
			<input type="hidden" name="n" value={number} />
			<input type="hidden" name="aviso" value="diseno" />
			<div className="grid grid-cols-1 gap-4 sm:grid-cols-2 [&>*]:min-w-0">
				<div className="space-y-1.5 sm:col-span-2">
					<label htmlFor={id('tamano')} className={labelClass}>
						Tamaño de la plataforma
					</label>
					<select
						id={id('tamano')}
						name={CARD_PARAMS.size}
						defaultValue={state.size}
						className={inputClass}
						onChange={(event) => {
							const value = event.currentTarget.value
							if (isSizeKey(value)) onDraft({ size: value })
						}}
					>
						{SIZE_KEYS.map((key) => (
							<option key={key} value={key}>
								{PLATFORM_SIZES[key].label} ({PLATFORM_SIZES[key].width}×
								{PLATFORM_SIZES[key].height})
							</option>
						))}
					</select>
				</div>
				<div className="space-y-1.5">
					<label htmlFor={id('letra')} className={labelClass}>
						Tipo de letra
					</label>
					<select
						id={id('letra')}
						name={CARD_PARAMS.font}
						defaultValue={state.font}
						className={inputClass}
						onChange={(event) => onDraft({ font: event.currentTarget.value })}
					>
						<FontOptions />
					</select>
				</div>
				<div className="space-y-1.5">
					<label htmlFor={id('color')} className={labelClass}>
						Color del texto
					</label>
					<input
						id={id('color')}
						type="color"
						name={CARD_PARAMS.color}
						defaultValue={state.color}
						onChange={(event) => onDraft({ color: event.currentTarget.value.toLowerCase() })}
						className="h-11 w-24 cursor-pointer rounded-xl border border-gray-300 bg-white p-1 dark:border-white/15 dark:bg-gray-900"
					/>
				</div>
				<div className="space-y-1.5">
					<label htmlFor={id('fuente')} className={labelClass}>
						Tamaño de fuente (px)
					</label>
					<NumberSlider
						id={id('fuente')}
						name={CARD_PARAMS.fontSize}
						label="Tamaño de fuente"
						range={FONT_SIZE}
						value={fontSize}
						sliderValue={parseNumber(fontSize, FONT_SIZE) ?? state.fontSize}
						onChange={changeFontSize}
						slider={enhanced}
					/>
				</div>
				<div className="space-y-1.5">
					<label htmlFor={id('opacidad')} className={labelClass}>
						Opacidad de la capa oscura
					</label>
					<NumberSlider
						id={id('opacidad')}
						name={CARD_PARAMS.overlay}
						label="Opacidad de la capa oscura"
						range={OVERLAY}
						value={overlay}
						sliderValue={parseNumber(overlay, OVERLAY) ?? state.overlay}
						onChange={changeOverlay}
						slider={enhanced}
						inputMode="decimal"
					/>
				</div>
			</div>
			{card.handle ? <HandleSwitch card={card} handle={card.handle} onDraft={onDraft} /> : null}
			<div className="flex flex-wrap gap-2">
				<button type="submit" className={cx(primaryButtonClass, 'px-4 py-2 text-sm')}>
					Aplicar Cambios
				</button>
				<Link to={card.links.closeEditor} preventScrollReset className={secondaryButtonClass}>
					Cancelar
				</Link>
			</div>
		</Form>
	)
}

/**
 * Whether this card carries the owner's handle. A hidden 'no' comes before the checkbox's
 * 'si', so an unticked box (which sends nothing) still says "off" to the server.
 */
function HandleSwitch({
	card,
	handle,
	onDraft,
}: {
	card: CardView
	handle: NonNullable<CardView['handle']>
	onDraft: (change: Partial<CardState>) => void
}) {
	const id = `tarjeta-${card.number}-firma`
	return (
		<div className="space-y-1">
			<input type="hidden" name={HANDLE_SWITCH.param} value={HANDLE_SWITCH.off} />
			<label
				htmlFor={id}
				className="flex cursor-pointer items-center gap-2 text-sm text-gray-800 dark:text-gray-200"
			>
				<input
					id={id}
					type="checkbox"
					name={HANDLE_SWITCH.param}
					value={HANDLE_SWITCH.on}
					defaultChecked={Boolean(card.state.handle)}
					aria-describedby={`${id}-hint`}
					onChange={(event) =>
						onDraft(
							event.currentTarget.checked
								? { handle: handle.text, corner: handle.corner }
								: { handle: undefined, corner: undefined },
						)
					}
					className="size-4 accent-brand-600"
				/>
				{CARD_MESSAGES.handleSwitch(handle.text)}
			</label>
			<p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
				{CARD_MESSAGES.handleHint}
			</p>
		</div>
	)
}
