import { adminMessages as m } from './messages'

export const statCardClass =
	'rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900'

/** One figure of an admin page, in a `<dl>`: its label, its value (or why it is missing), a hint. */
export function Stat({
	label,
	value,
	hint,
}: {
	label: string
	value: string | null
	hint?: string
}) {
	return (
		<div className={statCardClass}>
			<dt className="text-sm font-medium text-gray-600 dark:text-gray-400">{label}</dt>
			<dd
				data-stat={label}
				className="mt-1 text-3xl font-bold tracking-tight text-gray-900 dark:text-white"
			>
				{value ?? <span className="text-base font-normal">{m.statUnavailable}</span>}
			</dd>
			{hint ? <dd className="mt-1 text-xs text-gray-600 dark:text-gray-400">{hint}</dd> : null}
		</div>
	)
}
