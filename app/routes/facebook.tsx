import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { facebookMarketingHtml } from '~/components/marketing/home-content.server'
import { generatorAction } from '~/generator/action.server'
import { GeneratorPage } from '~/generator/components/generator-page'
import { loadGenerator } from '~/generator/loader.server'
import { GENERATOR_PAGES } from '~/generator/pages'
import { pageMeta } from '~/utils/seo'

export const handle = { breadcrumb: GENERATOR_PAGES.facebook.label } satisfies BreadcrumbHandle

export const meta = () =>
	pageMeta({
		title: 'Frases para Facebook',
		description:
			'Crea publicaciones para Facebook con IA a partir de un tema o de una imagen: frases emotivas, motivacionales, de humor o de negocio.',
		path: GENERATOR_PAGES.facebook.path,
	})

export async function loader({ request, context }: LoaderFunctionArgs) {
	const generator = await loadGenerator('facebook', request, context)
	return { generator, marketing: facebookMarketingHtml() }
}

export const action = ({ request, context }: ActionFunctionArgs) =>
	generatorAction('facebook', request, context)

export default function FacebookPage() {
	const { generator, marketing } = useLoaderData<typeof loader>()
	return (
		<>
			<GeneratorPage
				data={generator}
				actionData={useActionData<typeof action>()}
				title="Frases para Facebook"
				intro="Publicaciones que invitan a comentar y compartir, escritas a partir de un tema o de una imagen."
				heading="Generador de frases para Facebook"
			/>
			{/* Static marketing sections (benefits, how it works, types, tips, FAQ): no JavaScript. */}
			<div dangerouslySetInnerHTML={{ __html: marketing }} />
		</>
	)
}
