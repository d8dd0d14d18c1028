import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return { name: user.name }
}

export default function DashboardHome() {
	const { name } = useLoaderData<typeof loader>()
	return (
		<section className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
				Panel de Usuario
			</h1>
			<p className="mt-2 text-gray-600 dark:text-gray-400">
				¡Hola, <span className="font-semibold text-gray-900 dark:text-white">{name}</span>! Te damos
				la bienvenida a tu panel.
			</p>
			<a
				href="/"
				target="_blank"
				rel="noopener"
				className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
			>
				Generar nueva frase
			</a>
		</section>
	)
}
