import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { ErrorPage, GeneralErrorBoundary } from '~/components/error-boundary'

/**
 * A dashboard list's error screen: refusals (404 for someone else's id, 400) read as
 * everywhere else; a list that failed to load says so in the product's words.
 */
export function ListErrorBoundary({ loadError }: { loadError: string }) {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status < 500) return <GeneralErrorBoundary />
	if (typeof document !== 'undefined') console.error(error)
	return (
		<ErrorPage
			status={500}
			title={loadError}
			text="Ha ocurrido un error inesperado. Recarga la página en unos momentos."
		/>
	)
}
