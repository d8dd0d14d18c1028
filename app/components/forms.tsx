import { type ReactNode } from 'react'
import { cx } from '~/utils/misc'

/**
 * The site's one form kit: every form (sign-in, generator, dashboard) takes its inputs,
 * buttons and messages from here so they look and behave alike.
 */

// An outline (not a box-shadow ring) marks focus: it stays visible in forced-colours mode.
export const inputClass =
	'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-[invalid=true]:border-red-500 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500'

// aria-disabled as well as disabled: a pending submit button stays focusable.
export const primaryButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-70'

const smallButtonClass =
	'inline-flex items-center justify-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 disabled:opacity-60'

export const secondaryButtonClass = cx(
	smallButtonClass,
	'border-gray-300 text-gray-800 hover:bg-gray-50 focus-visible:outline-brand-500 dark:border-white/15 dark:text-gray-100 dark:hover:bg-white/10',
)

/** The secondary button for destructive actions (delete). */
export const dangerButtonClass = cx(
	smallButtonClass,
	'border-red-300 text-red-700 hover:bg-red-50 focus-visible:outline-red-600 dark:border-red-500/40 dark:text-red-300 dark:hover:bg-red-950',
)

/**
 * A label, the control passed as children, an optional hint (`${id}-hint`) and the
 * field's errors (`${id}-error`, the id Conform's `errorId` and aria-describedby use).
 * The control carries `id`; spread `describedBy(id, …)` on it when it is not a Conform
 * input, or when it has a hint.
 */
export function Field({
	id,
	label,
	errors,
	hint,
	children,
	className,
}: {
	id: string
	label: ReactNode
	errors?: readonly string[] | null
	hint?: ReactNode
	children: ReactNode
	className?: string
}) {
	return (
		<div className={cx('space-y-1.5', className)}>
			<label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				{label}
			</label>
			{children}
			{hint ? (
				<p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
					{hint}
				</p>
			) : null}
			<FieldErrors id={`${id}-error`} errors={errors} />
		</div>
	)
}

/** A field's error messages; nothing when there are none. */
export function FieldErrors({ id, errors }: { id: string; errors?: readonly string[] | null }) {
	const list = errors?.filter(Boolean) ?? []
	if (list.length === 0) return null
	return (
		<ul id={id} className="space-y-0.5 text-sm font-medium text-red-700 dark:text-red-300">
			{list.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

/** Props that tie the control `id` to its hint and error messages as `Field` renders them. */
export function describedBy(
	id: string,
	{ errors, hint }: { errors?: readonly string[] | null; hint?: boolean },
) {
	const invalid = Boolean(errors?.some(Boolean))
	const ids = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean)
	return {
		'aria-invalid': invalid || undefined,
		'aria-describedby': ids.length ? ids.join(' ') : undefined,
	}
}

/** A labelled checkbox laid out as an on/off row; `hintId` names the text that explains it. */
export function Toggle({
	name,
	label,
	defaultChecked,
	hintId,
}: {
	name: string
	label: string
	defaultChecked: boolean
	hintId?: string
}) {
	return (
		<label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-gray-200 px-3 py-2.5 text-sm dark:border-white/10">
			<span className="text-gray-800 dark:text-gray-200">{label}</span>
			<input
				type="checkbox"
				name={name}
				value="on"
				defaultChecked={defaultChecked}
				aria-describedby={hintId}
				className="size-5 accent-brand-600"
			/>
		</label>
	)
}

/** A form-level alert (e.g. wrong credentials), announced when it appears. */
export function FormAlert({
	id,
	title,
	errors,
}: {
	id?: string
	title?: string
	errors?: readonly string[] | null
}) {
	if (!errors?.length) return null
	return (
		<div
			id={id}
			role="alert"
			className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-500/40 dark:bg-red-950 dark:text-red-100"
		>
			{title ? <p className="font-semibold">{title}</p> : null}
			{errors.map((error) => (
				<p key={error}>{error}</p>
			))}
		</div>
	)
}

/** A full-width primary submit button that says `pendingLabel` while its form is sent. */
export function SubmitButton({
	children,
	pending,
	pendingLabel,
	className,
}: {
	children: ReactNode
	pending?: boolean
	pendingLabel?: ReactNode
	className?: string
}) {
	return (
		<button
			type="submit"
			aria-disabled={pending || undefined}
			className={cx(primaryButtonClass, 'w-full', className)}
		>
			{pending && pendingLabel ? pendingLabel : children}
		</button>
	)
}

/**
 * A number box with a slider beside it. The box carries the value (and is all there is
 * without JavaScript); the slider appears once JavaScript runs (`slider`) and moves it.
 * `value` is the box's text; `sliderValue` where the slider stands while that text is not a
 * valid number.
 */
export function NumberSlider({
	id,
	name,
	label,
	range,
	value,
	sliderValue,
	onChange,
	slider,
	inputMode = 'numeric',
	errors,
}: {
	id: string
	name: string
	/** The slider's accessible name (the box has the field's label). */
	label: string
	range: { min: number; max: number; step: number }
	value: string
	sliderValue: number
	onChange: (value: string) => void
	slider: boolean
	inputMode?: 'numeric' | 'decimal'
	errors?: readonly string[] | null
}) {
	return (
		<div className="flex items-center gap-3">
			{slider ? (
				<input
					type="range"
					aria-label={label}
					{...range}
					value={sliderValue}
					onChange={(event) => onChange(event.currentTarget.value)}
					className="h-2 min-w-0 flex-1 cursor-pointer accent-brand-600"
				/>
			) : null}
			<input
				id={id}
				name={name}
				type="number"
				inputMode={inputMode}
				{...range}
				required
				value={value}
				onChange={(event) => onChange(event.currentTarget.value)}
				// max-w, not w: inputClass's w-full would win over a w-* and squeeze the slider.
				className={cx(inputClass, slider ? 'max-w-24 shrink-0' : 'max-w-28')}
				{...describedBy(id, { errors })}
			/>
		</div>
	)
}
