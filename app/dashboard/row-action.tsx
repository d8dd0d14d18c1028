import { Form } from '@remix-run/react'
import { type ReactNode } from 'react'

/**
 * A one-button form that posts `intent` about one row (`id`) to the current page: delete
 * a phrase, save a history entry. A real form, so it works without JavaScript.
 */
export function RowAction({
	intent,
	id,
	label,
	className,
	children,
}: {
	intent: string
	id: string
	/** The button's accessible name, saying which row it acts on. */
	label: string
	className: string
	children: ReactNode
}) {
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			<button type="submit" className={className} aria-label={label}>
				{children}
			</button>
		</Form>
	)
}
