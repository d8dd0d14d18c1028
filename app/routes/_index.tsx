import { type MetaFunction } from '@remix-run/node'
import { Benefits } from '~/components/marketing/benefits'
import { CallToAction } from '~/components/marketing/call-to-action'
import { Faq } from '~/components/marketing/faq'
import { Features } from '~/components/marketing/features'
import { Hero } from '~/components/marketing/hero'
import { HowItWorks } from '~/components/marketing/how-it-works'
import { UseCases } from '~/components/marketing/use-cases'
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

export default function Index() {
	return (
		<>
			<Hero />
			<section
				id="generador"
				aria-labelledby="generador-titulo"
				className="border-y border-gray-100 bg-gray-50 py-16 sm:py-20 dark:border-white/5 dark:bg-gray-900/60"
			>
				<div className="mx-auto max-w-6xl px-4">
					<div className="mx-auto max-w-2xl text-center">
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
					{/* generator form: phrase generation feature */}
				</div>
			</section>
			<Features />
			<HowItWorks />
			<Benefits />
			<UseCases />
			<Faq />
			<CallToAction />
		</>
	)
}
