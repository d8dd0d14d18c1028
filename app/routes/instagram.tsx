import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { cardAction, withCards } from '~/cards/generator-cards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { GeneratorPage } from '~/components/generator/generator-page'
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

export const loader = async ({ request, context }: LoaderFunctionArgs) =>
	withCards('instagram', request, await loadGenerator('instagram', request, context))

export const action = ({ request, context }: ActionFunctionArgs) =>
	cardAction('instagram', request) ?? generatorAction('instagram', request, context)

export default function InstagramPage() {
	return (
		<GeneratorPage
			title="Frases para Instagram"
			intro="Escribe un tema o sube una foto y consigue captions listos para tus publicaciones, con emojis y hashtags si los quieres."
			heading="Generador de frases para Instagram"
		/>
	)
}
