import {
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfilePage } from '~/dashboard/profile-page'
import { profileAction, profileLoader, profileHeaders } from '~/dashboard/profile.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Mi Perfil',
		description: 'Tu perfil de Frasea: foto, nombre, biografía, sitio web y cuenta.',
		path: '/dashboard/perfil',
		noindex: true,
	})

export const handle = { breadcrumb: 'Mi Perfil' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = profileHeaders

const PATH = '/dashboard/perfil'

export async function loader({ request }: LoaderFunctionArgs) {
	return profileLoader(request)
}

export async function action({ request, context }: ActionFunctionArgs) {
	return profileAction(request, PATH, context.clientAddress)
}

export default function DashboardProfileRoute() {
	return (
		<ProfilePage
			data={useLoaderData<typeof loader>()}
			actionData={useActionData<typeof action>()}
			basePath={PATH}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
