import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { generatorAction } from '~/generator/action.server'
import { GeneratorPage } from '~/generator/components/generator-page'
import { loadGenerator } from '~/generator/loader.server'
import { GENERATOR_PAGES } from '~/generator/pages'
import { jsonLd, pageMeta } from '~/utils/seo'

export const handle = { breadcrumb: GENERATOR_PAGES.instagram.label } satisfies BreadcrumbHandle

export const meta = () => [
	...pageMeta({
		title: 'Frases para Instagram',
		description:
			'Genera frases y captions para Instagram con IA a partir de un tema o de una foto, con emojis y hashtags, en cinco idiomas.',
		path: GENERATOR_PAGES.instagram.path,
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

export const loader = ({ request, context }: LoaderFunctionArgs) =>
	loadGenerator('instagram', request, context)

export const action = ({ request, context }: ActionFunctionArgs) =>
	generatorAction('instagram', request, context)

export default function InstagramPage() {
	return (
		<GeneratorPage
			data={useLoaderData<typeof loader>()}
			actionData={useActionData<typeof action>()}
			title="Frases para Instagram"
			intro="Escribe un tema o sube una foto y consigue captions listos para tus publicaciones, con emojis y hashtags si los quieres."
			heading="Generador de frases para Instagram"
		/>
	)
}
