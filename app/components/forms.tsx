import { type InputHTMLAttributes, type ReactNode } from 'react'
import { cx } from '~/utils/misc'

/** Error messages of a field or form, linked to it through `id` (aria-describedby). */
function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	const list = errors?.filter(Boolean) ?? []
	if (list.length === 0) return null
	return (
		<ul id={id} className="mt-1.5 space-y-1 text-sm text-red-700 dark:text-red-300">
			{list.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

export const inputClass =
	'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/40 aria-[invalid=true]:border-red-500 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500'

export function Field({
	label,
	inputProps,
	errors,
	errorId,
	hint,
}: {
	label: ReactNode
	inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string }
	errors?: string[]
	errorId: string
	hint?: ReactNode
}) {
	const { key, className, ...props } = inputProps
	const hintId = hint ? `${props.id}-hint` : undefined
	const describedBy = [hintId, props['aria-describedby']].filter(Boolean).join(' ') || undefined
	return (
		<div>
			<label
				htmlFor={props.id}
				className="mb-1.5 block text-sm font-medium text-gray-800 dark:text-gray-200"
			>
				{label}
			</label>
			<input
				key={key}
				{...props}
				aria-describedby={describedBy}
				className={cx(inputClass, className)}
			/>
			{hint ? (
				<p id={hintId} className="mt-1.5 text-xs text-gray-500 dark:text-gray-400">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
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
	errors?: string[]
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
			className={cx(
				'w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-disabled:opacity-70',
				className,
			)}
		>
			{pending && pendingLabel ? pendingLabel : children}
		</button>
	)
}
