import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { requireAdmin } from '~/auth/guards.server'

export const meta: MetaFunction = () => [{ title: 'Panel General · Frasea' }]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return null
}

// The statistics and activity tabs come with the admin issue.
export default function AdminOverview() {
	return (
		<section className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
				Panel General
			</h1>
			<p className="mt-2 text-gray-600 dark:text-gray-400">Resumen de la actividad de Frasea.</p>
		</section>
	)
}
