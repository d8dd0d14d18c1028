import { Form } from '@remix-run/react'
import { cx } from '~/utils/misc'

/** 'Cerrar Sesión' is always a POST form (works without JavaScript; never a link). */
export function LogoutButton({
	redirectTo,
	className,
}: {
	redirectTo?: string
	className?: string
}) {
	return (
		<Form method="post" action="/logout">
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<button
				type="submit"
				className={cx(
					'w-full rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 dark:border-white/20 dark:text-gray-100 dark:hover:bg-white/10',
					className,
				)}
			>
				Cerrar Sesión
			</button>
		</Form>
	)
}
