import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { cardAction, withCards } from '~/cards/generator-cards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneratorPage } from '~/components/generator/generator-page'
import { facebookMarketingHtml } from '~/components/marketing/home-content.server'
import { generatorAction, loadGenerator } from '~/generation/generator.server'
import { pageMeta } from '~/utils/seo'

export const handle = { breadcrumb: 'Facebook' } satisfies BreadcrumbHandle

export const meta = () =>
	pageMeta({
		title: 'Frases para Facebook',
		description:
			'Crea publicaciones para Facebook con IA a partir de un tema o de una imagen: frases emotivas, motivacionales, de humor o de negocio.',
		path: '/facebook',
	})

export async function loader({ request, context }: LoaderFunctionArgs) {
	const generator = await withCards(
		'facebook',
		request,
		await loadGenerator('facebook', request, context),
	)
	return { ...generator, marketing: facebookMarketingHtml() }
}

export const action = ({ request, context }: ActionFunctionArgs) =>
	cardAction('facebook', request) ?? generatorAction('facebook', request, context)

export default function FacebookPage() {
	const { marketing } = useLoaderData<typeof loader>()
	return (
		<>
			<GeneratorPage
				title="Frases para Facebook"
				intro="Publicaciones que invitan a comentar y compartir, escritas a partir de un tema o de una imagen."
				heading="Generador de frases para Facebook"
			/>
			{/* Static marketing sections (benefits, how it works, types, tips, FAQ): no JavaScript. */}
			<div dangerouslySetInnerHTML={{ __html: marketing }} />
		</>
	)
}
