import { type MetaFunction } from '@remix-run/node'
import { ErrorPage } from '~/components/error-boundary'

export const meta: MetaFunction = () => [
	{ title: 'Página no encontrada · Frasea' },
	{ name: 'robots', content: 'noindex' },
]

// Every unknown URL lands here and answers 404 with the site's layout around it.
export function loader() {
	throw new Response(null, { status: 404 })
}

export function action() {
	throw new Response(null, { status: 404 })
}

export default function NotFound() {
	return <ErrorBoundary />
}

export function ErrorBoundary() {
	return (
		<ErrorPage
			status={404}
			title="Página no encontrada"
			text="La página que buscas no existe o se ha movido."
		/>
	)
}
