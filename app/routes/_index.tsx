import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData, useOutletContext } from '@remix-run/react'
import { AdSlot } from '~/ads/ad-slot'
import { type AdsOutletContext } from '~/ads/config'
import { homeMarketingHtml } from '~/components/marketing/home-content.server'
import { generatorAction } from '~/generator/action.server'
import { GeneratorSection } from '~/generator/components/generator-section'
import { loadGenerator } from '~/generator/loader.server'
import { jsonLd, pageMeta } from '~/utils/seo'

const description =
	'Crea frases originales con IA para Instagram, Facebook y tus redes sociales en 5 idiomas y descárgalas como imágenes del tamaño exacto de cada plataforma. Gratis y sin registro.'

export const meta: MetaFunction = () => [
	...pageMeta({
		title: 'Frasea · Generador de frases con IA para redes sociales',
		description,
		path: '/',
	}),
	jsonLd({
		'@context': 'https://schema.org',
		'@type': 'WebApplication',
		name: 'Frasea',
		description,
		applicationCategory: 'DesignApplication',
		operatingSystem: 'Web',
		browserRequirements: 'Requiere un navegador web moderno',
		inLanguage: 'es',
		offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
	}),
]

export async function loader({ request, context }: LoaderFunctionArgs) {
	const generator = await loadGenerator('home', request, context)
	return { generator, marketing: homeMarketingHtml() }
}

export const action = ({ request, context }: ActionFunctionArgs) =>
	generatorAction('home', request, context)

export default function Index() {
	const { generator, marketing } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { ads } = useOutletContext<AdsOutletContext>()
	return (
		<>
			<div dangerouslySetInnerHTML={{ __html: marketing.hero }} />
			<section
				id="generador"
				aria-labelledby="generador-titulo"
				className="border-y border-gray-100 bg-gray-50 py-16 sm:py-20 dark:border-white/5 dark:bg-gray-900/60"
			>
				<div className="mx-auto max-w-6xl px-4">
					<div className="mx-auto max-w-2xl text-center">
						<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
							Frasea Online
						</p>
						<h2
							id="generador-titulo"
							className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white"
						>
							Generador de Frases
						</h2>
						<p className="mt-3 text-lg text-gray-600 dark:text-gray-400">
							Escribe tu tema, ajusta las opciones y obtén frases listas para convertir en imagen.
						</p>
					</div>
					<div className="mx-auto mt-10 max-w-3xl">
						<GeneratorSection data={generator} actionData={actionData} />
					</div>
				</div>
			</section>
			<div dangerouslySetInnerHTML={{ __html: marketing.sections }} />
			<AdSlot config={ads} />
		</>
	)
}
