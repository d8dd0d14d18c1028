import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { cardAction, withCards } from '~/cards/generator-cards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { renderPhraseCard } from '~/components/card/card-slot'
import { GeneratorSection } from '~/components/generator/generator-section'
import { generatorAction, loadGenerator } from '~/generation/generator.server'
import { jsonLd, pageMeta } from '~/utils/seo'

export const handle = { breadcrumb: 'Instagram' } satisfies BreadcrumbHandle

export const meta = () => [
	...pageMeta({
		title: 'Frases para Instagram',
		description:
			'Genera frases y captions para Instagram con IA a partir de un tema o de una foto, con emojis y hashtags, en cinco idiomas.',
		path: '/instagram',
	}),
	jsonLd({
		'@context': 'https://schema.org',
		'@type': 'WebApplication',
		name: 'Generador de frases para Instagram · Frasea',
		applicationCategory: 'MultimediaApplication',
		operatingSystem: 'Web',
		inLanguage: 'es',
		offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
	}),
]

export const loader = async ({ request }: LoaderFunctionArgs) =>
	withCards('instagram', request, await loadGenerator('instagram', request))

export const action = ({ request }: ActionFunctionArgs) =>
	cardAction('instagram', request) ?? generatorAction('instagram', request)

export default function InstagramPage() {
	return (
		<div className="mx-auto max-w-6xl px-4 py-12">
			<header className="max-w-3xl">
				<h1 className="text-4xl font-black tracking-tight text-gray-900 sm:text-5xl dark:text-white">
					Frases para Instagram
				</h1>
				<p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
					Escribe un tema o sube una foto y consigue captions listos para tus publicaciones, con
					emojis y hashtags si los quieres.
				</p>
			</header>
			<section id="generador" aria-labelledby="generador-titulo" className="mt-10">
				<h2 id="generador-titulo" className="text-2xl font-bold">
					Generador de frases para Instagram
				</h2>
				<div className="mt-6 max-w-3xl">
					<GeneratorSection renderCard={renderPhraseCard} />
				</div>
			</section>
		</div>
	)
}
