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

/**
 * /profile shows the same profile page as /dashboard/perfil (outside the dashboard's
 * sidebar), at its own address: sign-in links carrying `redirectTo=/profile` keep working
 * and land on the page they asked for. Its forms post here and come back here.
 */
export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Mi Perfil',
		description: 'Tu perfil de Frasea: foto, nombre, biografía, sitio web y cuenta.',
		path: '/profile',
		noindex: true,
	})

export const handle = { breadcrumb: 'Mi Perfil' } satisfies BreadcrumbHandle

export const headers: HeadersFunction = profileHeaders

const PATH = '/profile'

export async function loader({ request }: LoaderFunctionArgs) {
	return profileLoader(request)
}

export async function action({ request, context }: ActionFunctionArgs) {
	return profileAction(request, PATH, context.clientAddress)
}

export default function ProfileRoute() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<ProfilePage
				data={useLoaderData<typeof loader>()}
				actionData={useActionData<typeof action>()}
				basePath={PATH}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
