import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { cardAction, withCards } from '~/cards/generator-cards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { renderPhraseCard } from '~/components/card/card-slot'
import { GeneratorSection } from '~/components/generator/generator-section'
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

export async function loader({ request }: LoaderFunctionArgs) {
	const generator = await withCards('facebook', request, await loadGenerator('facebook', request))
	return { ...generator, marketing: facebookMarketingHtml() }
}

export const action = ({ request }: ActionFunctionArgs) =>
	cardAction('facebook', request) ?? generatorAction('facebook', request)

export default function FacebookPage() {
	const { marketing } = useLoaderData<typeof loader>()
	return (
		<>
			<div className="mx-auto max-w-6xl px-4 py-12">
				<header className="max-w-3xl">
					<h1 className="text-4xl font-black tracking-tight text-gray-900 sm:text-5xl dark:text-white">
						Frases para Facebook
					</h1>
					<p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
						Publicaciones que invitan a comentar y compartir, escritas a partir de un tema o de una
						imagen.
					</p>
				</header>
				<section id="generador" aria-labelledby="generador-titulo" className="mt-10">
					<h2 id="generador-titulo" className="text-2xl font-bold">
						Generador de frases para Facebook
					</h2>
					<div className="mt-6 max-w-3xl">
						<GeneratorSection renderCard={renderPhraseCard} />
					</div>
				</section>
			</div>
			{/* Static marketing sections (benefits, how it works, types, tips, FAQ): no JavaScript. */}
			<div dangerouslySetInnerHTML={{ __html: marketing }} />
		</>
	)
}
