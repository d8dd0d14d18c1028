import { Form, Link, useNavigate } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { dangerButtonClass, secondaryButtonClass } from '~/components/forms'
import { useHydrated } from '~/utils/misc'

/**
 * "Are you sure?" before a destructive post. The server answers the first post with what
 * would happen; this shows it with a form that repeats the post with `confirmado=si`.
 * Without JavaScript it is a step in the page; with it, a modal dialog. Cancelling goes
 * back to `cancelHref` (a plain link, so it needs no script either).
 */
export function ConfirmStep({
	title,
	children,
	confirmLabel,
	cancelHref,
	fields,
}: {
	title: string
	children: ReactNode
	confirmLabel: string
	cancelHref: string
	/** Hidden fields of the confirmed post (name, value), `confirmado` aside. */
	fields: Array<[string, string]>
}) {
	const hydrated = useHydrated()
	const dialog = useRef<HTMLDialogElement>(null)
	const navigate = useNavigate()

	useEffect(() => {
		const element = dialog.current
		if (hydrated && element && !element.open) element.showModal()
	}, [hydrated])

	return (
		<dialog
			ref={dialog}
			// Server HTML shows it in the page; once hydrated the effect opens it as a modal.
			open={!hydrated}
			aria-labelledby="confirmar-titulo"
			onCancel={(event) => {
				event.preventDefault()
				navigate(cancelHref, { preventScrollReset: true })
			}}
			className="relative mx-auto my-6 w-full max-w-lg rounded-xl border border-red-300 bg-white p-6 text-gray-900 shadow-lg backdrop:bg-gray-900/50 open:block dark:border-red-500/40 dark:bg-gray-900 dark:text-gray-100"
		>
			<h2 id="confirmar-titulo" className="text-lg font-bold">
				{title}
			</h2>
			<div className="mt-2 text-sm text-gray-700 dark:text-gray-300">{children}</div>
			<Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
				{fields.map(([name, value], index) => (
					<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
				))}
				<input type="hidden" name="confirmado" value="si" />
				<Link to={cancelHref} preventScrollReset className={secondaryButtonClass}>
					Cancelar
				</Link>
				<button type="submit" className={dangerButtonClass}>
					{confirmLabel}
				</button>
			</Form>
		</dialog>
	)
}
