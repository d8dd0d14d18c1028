/** Pieces the tabs of Configuración API share. */
import { type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { type ReactNode } from 'react'
import { secondaryButtonClass } from '~/components/forms'
import { SOURCE_LABELS, type Source } from '~/settings/in-force'
import { cx } from '~/utils/misc'
import { tabHref, type TabId } from './schemas'

export const panelClass =
	'space-y-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'
export const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

/** The result of the last post, when it came from the form `intent`. */
export type LastResultFor = (intent: string) => SubmissionResult<string[]> | undefined

export function Section({
	id,
	title,
	children,
	className,
}: {
	id: string
	title: string
	children: ReactNode
	className?: string
}) {
	return (
		<section aria-labelledby={id} className={cx(panelClass, className)}>
			<h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-white">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** 'variable de entorno GEMINI_API_KEY', 'guardado en el panel', … */
export function sourceLabel(source: Source, envName?: string) {
	return source === 'env' && envName ? `${SOURCE_LABELS.env} ${envName}` : SOURCE_LABELS[source]
}

/**
 * A one-button post (reset, select): no fields to check, so no Conform. The tab rides in
 * the action's URL, so a refusal without JavaScript comes back to the same tab.
 */
export function IntentButton({
	tab,
	intent,
	fields = [],
	children,
	label,
	className = secondaryButtonClass,
}: {
	tab: TabId
	intent: string
	fields?: Array<[string, string]>
	children: ReactNode
	label?: string
	className?: string
}) {
	return (
		<Form method="post" action={tabHref(tab)} preventScrollReset className="inline">
			<input type="hidden" name="intent" value={intent} />
			{fields.map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<button type="submit" aria-label={label} className={className}>
				{children}
			</button>
		</Form>
	)
}
