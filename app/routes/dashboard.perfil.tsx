import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { getAccount } from '~/dashboard/account.server'
import { formatDate } from '~/dashboard/dates'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Mi Perfil',
		description: 'Los datos de tu cuenta de Frasea.',
		path: '/dashboard/perfil',
		noindex: true,
	})

export const handle = { breadcrumb: 'Mi Perfil' } satisfies BreadcrumbHandle

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const account = await getAccount(user.id)
	return {
		name: user.name,
		email: user.email,
		emailVerified: user.emailVerified,
		isAdmin: user.isAdmin,
		id: user.id,
		createdAt: account?.createdAt.toISOString() ?? null,
	}
}

const termClass = 'text-sm font-medium text-gray-500 dark:text-gray-400'
const valueClass = 'text-gray-900 dark:text-gray-100 break-all'

export default function DashboardProfilePage() {
	const account = useLoaderData<typeof loader>()
	return (
		<section className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">Mi Perfil</h1>
			<h2 className="mt-6 text-lg font-semibold text-gray-900 dark:text-white">Cuenta</h2>
			<dl className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
				<dt className={termClass}>Nombre</dt>
				<dd className={valueClass}>{account.name}</dd>
				<dt className={termClass}>Correo electrónico</dt>
				<dd className={valueClass}>
					{account.email}{' '}
					<span className="text-sm text-gray-500 dark:text-gray-400">
						({account.emailVerified ? 'confirmado' : 'sin confirmar'})
					</span>
				</dd>
				<dt className={termClass}>Tipo de cuenta</dt>
				<dd className={valueClass}>{account.isAdmin ? 'Administrador' : 'Usuario Estándar'}</dd>
				<dt className={termClass}>ID de usuario</dt>
				<dd className={valueClass}>
					<code>{account.id}</code>
				</dd>
				<dt className={termClass}>Fecha de registro</dt>
				<dd className={valueClass}>
					{account.createdAt ? formatDate(account.createdAt) : 'No disponible'}
				</dd>
			</dl>
			<p className="mt-6 text-sm text-gray-600 dark:text-gray-400">
				Para cambiar tu contraseña o tu correo electrónico, contacta con soporte.
			</p>
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
