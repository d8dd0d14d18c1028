import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

const messages: Record<number, { title: string; text: string }> = {
	400: { title: 'Solicitud no válida', text: 'Revisa los datos enviados e inténtalo de nuevo.' },
	401: { title: 'Inicia sesión', text: 'Debes iniciar sesión para acceder a esta página.' },
	403: { title: 'Acceso denegado', text: 'No tienes permisos para acceder a esta página.' },
	404: {
		title: 'Página no encontrada',
		text: 'La página que buscas no existe o se ha movido.',
	},
	405: { title: 'Acción no permitida', text: 'Esta página no admite esa acción.' },
	413: {
		title: 'Archivo demasiado grande',
		text: 'El archivo enviado supera el tamaño permitido.',
	},
	429: {
		title: 'Demasiadas solicitudes',
		text: 'Has hecho demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.',
	},
	503: {
		title: 'Servicio no disponible',
		text: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
	},
}

const unexpected = {
	title: 'Algo salió mal',
	text: 'Ha ocurrido un error inesperado. Inténtalo de nuevo en unos momentos.',
}

export function ErrorPage({
	status,
	title,
	text,
}: {
	status?: number
	title: string
	text: string
}) {
	return (
		<section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
			{status ? (
				<p className="text-6xl font-black text-brand-600 dark:text-brand-400">{status}</p>
			) : null}
			<h1 className="mt-4 text-3xl font-bold text-gray-900 dark:text-white">{title}</h1>
			<p className="mt-3 text-gray-600 dark:text-gray-400">{text}</p>
			<Link
				to="/"
				className="mt-8 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
			>
				Volver al Inicio
			</Link>
		</section>
	)
}

/** The one Spanish error screen, for thrown responses and unexpected errors alike. */
export function GeneralErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error)) {
		const known = messages[error.status] ?? unexpected
		// A thrown response may carry a specific Spanish reason as its body.
		const reason =
			typeof error.data === 'string' && error.data && error.status < 500 ? error.data : null
		return <ErrorPage status={error.status} title={known.title} text={reason ?? known.text} />
	}
	if (typeof document !== 'undefined') console.error(error)
	return <ErrorPage status={500} {...unexpected} />
}
