import { SparklesIcon } from '~/components/icons'
import { ArrowRightIcon } from '~/components/marketing-icons'
import { primaryButtonClass, secondaryButtonClass } from './section'

// Honest, verifiable facts about the product instead of invented usage numbers.
const facts = [
	{ value: '5', label: 'idiomas' },
	{ value: '41', label: 'tipos de frase' },
	{ value: '10', label: 'formatos de imagen' },
	{ value: 'Gratis', label: 'sin registro' },
] as const

export function Hero() {
	return (
		<section aria-labelledby="hero-titulo" className="relative isolate overflow-hidden">
			<div
				aria-hidden="true"
				className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_15%_-10%,var(--color-brand-100),transparent_70%),radial-gradient(40rem_25rem_at_95%_10%,var(--color-orange-100),transparent_70%)] dark:bg-[radial-gradient(60rem_30rem_at_15%_-10%,color-mix(in_oklch,var(--color-brand-700)_35%,transparent),transparent_70%),radial-gradient(40rem_25rem_at_95%_10%,color-mix(in_oklch,var(--color-orange-700)_20%,transparent),transparent_70%)]"
			/>
			<div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pb-24">
				<div>
					<p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-sm font-medium text-brand-800 dark:border-brand-400/30 dark:bg-white/5 dark:text-brand-200">
						<SparklesIcon width={16} height={16} />
						Generador de frases con IA
					</p>
					<h1
						id="hero-titulo"
						className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-5xl lg:text-6xl dark:text-white"
					>
						Frases que conectan,{' '}
						<span className="bg-gradient-to-r from-brand-600 to-orange-500 bg-clip-text text-transparent dark:from-brand-300 dark:to-orange-300">
							listas para publicar
						</span>
					</h1>
					<p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-gray-600 dark:text-gray-300">
						Escribe un tema, elige el idioma y el tono, y Frasea te propone frases originales para
						tus redes sociales. Conviértelas en imágenes del tamaño exacto para Instagram, Facebook,
						WhatsApp y más, y descárgalas en un clic.
					</p>
					<div className="mt-8 flex flex-col gap-3 sm:flex-row">
						<a href="#generador" className={primaryButtonClass}>
							Crear frases
							<ArrowRightIcon width={20} height={20} />
						</a>
						<a href="#como-funciona" className={secondaryButtonClass}>
							Cómo funciona
						</a>
					</div>
					<ul className="mt-10 grid max-w-xl grid-cols-2 gap-3 sm:grid-cols-4">
						{facts.map((fact) => (
							<li
								key={fact.label}
								className="rounded-2xl border border-gray-200 bg-white/80 px-4 py-3 text-center shadow-sm dark:border-white/10 dark:bg-white/5"
							>
								<span className="block text-2xl font-bold text-gray-900 dark:text-white">
									{fact.value}
								</span>{' '}
								<span className="block text-sm text-gray-600 dark:text-gray-400">{fact.label}</span>
							</li>
						))}
					</ul>
				</div>
				<SampleCard />
			</div>
		</section>
	)
}

/** A phrase card drawn with CSS only, to show what the generator produces. */
function SampleCard() {
	return (
		<div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none lg:max-w-md">
			<div className="absolute inset-0 translate-x-4 translate-y-4 rotate-6 rounded-3xl bg-gradient-to-br from-orange-300 to-brand-400 opacity-60 dark:opacity-40" />
			<div className="relative aspect-square overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-fuchsia-600 to-orange-400 shadow-2xl shadow-brand-900/30">
				<div className="absolute -top-16 -left-16 size-64 rounded-full bg-white/15 blur-2xl" />
				<div className="absolute -right-10 -bottom-20 size-72 rounded-full bg-orange-300/40 blur-3xl" />
				<div className="absolute inset-8 rounded-2xl border border-white/25" />
				<div className="absolute inset-0 bg-black/25" />
				<div className="relative flex h-full flex-col items-center justify-center px-12 text-center text-white">
					<span className="font-serif text-6xl leading-none opacity-80">“</span>
					<p className="text-2xl leading-snug font-bold text-balance drop-shadow-sm sm:text-3xl">
						Cada mañana es una página en blanco: escribe algo que te haga sonreír.
					</p>
					<p className="mt-6 text-sm font-medium tracking-wide opacity-90">
						#motivación #buenosdías
					</p>
				</div>
			</div>
			<div className="absolute -top-4 left-3 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-gray-800 shadow-lg ring-1 ring-gray-200 sm:-left-8 dark:bg-gray-900 dark:text-gray-100 dark:ring-white/10">
				Motivacionales · Español
			</div>
			<div className="absolute right-3 -bottom-4 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-gray-800 shadow-lg ring-1 ring-gray-200 sm:-right-6 dark:bg-gray-900 dark:text-gray-100 dark:ring-white/10">
				Instagram Cuadrado · 1080 × 1080
			</div>
		</div>
	)
}
