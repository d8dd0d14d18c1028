import { type ReactNode } from 'react'
import { cx } from '~/utils/misc'

export const inputClass =
	'block w-full rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-gray-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-white/15 dark:bg-gray-900 dark:text-gray-100'

export const primaryButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60'

export const secondaryButtonClass =
	'inline-flex items-center justify-center gap-1.5 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:border-white/15 dark:text-gray-100 dark:hover:bg-white/10'

/** A labelled field with its error tied to the control through aria-describedby. */
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

export function FieldErrors({ id, errors }: { id: string; errors?: readonly string[] | null }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className="space-y-0.5 text-sm font-medium text-red-700 dark:text-red-400">
			{errors.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

/** Props that tie a control to its hint and error messages. */
export function describedBy(
	id: string,
	{ errors, hint }: { errors?: readonly string[] | null; hint?: boolean },
) {
	const ids = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean)
	return {
		'aria-invalid': errors?.length ? true : undefined,
		'aria-describedby': ids.length ? ids.join(' ') : undefined,
	}
}

export function Toggle({
	name,
	label,
	defaultChecked,
}: {
	name: string
	label: string
	defaultChecked: boolean
}) {
	return (
		<label className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-gray-200 px-3 py-2.5 text-sm dark:border-white/10">
			<span className="text-gray-800 dark:text-gray-200">{label}</span>
			<input
				type="checkbox"
				name={name}
				value="on"
				defaultChecked={defaultChecked}
				className="size-5 accent-brand-600"
			/>
		</label>
	)
}
