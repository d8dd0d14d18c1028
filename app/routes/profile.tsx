import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Mi Perfil · Frasea' }]

export const handle = { breadcrumb: 'Mi Perfil' } satisfies BreadcrumbHandle

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	return {
		name: user.name,
		email: user.email,
		isAdmin: user.isAdmin,
		emailVerified: user.emailVerified,
	}
}

export default function ProfilePage() {
	const user = useLoaderData<typeof loader>()
	return (
		<section className="mx-auto max-w-2xl px-4 py-10">
			<div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					Mi Perfil
				</h1>
				<dl className="mt-6 grid gap-4 sm:grid-cols-[10rem_1fr]">
					<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">Nombre</dt>
					<dd className="text-gray-900 dark:text-gray-100">{user.name}</dd>
					<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">
						Correo electrónico
					</dt>
					<dd className="text-gray-900 dark:text-gray-100">
						{user.email}{' '}
						<span className="text-sm text-gray-500 dark:text-gray-400">
							({user.emailVerified ? 'confirmado' : 'sin confirmar'})
						</span>
					</dd>
					<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">Tipo de cuenta</dt>
					<dd className="text-gray-900 dark:text-gray-100">
						{user.isAdmin ? 'Administrador' : 'Usuario Estándar'}
					</dd>
				</dl>
			</div>
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
