import { Section } from './section'

// Illustrative scenarios, not testimonials: no invented names, quotes or ratings.
const useCases = [
	{
		persona: 'Si gestionas una cafetería…',
		context: 'Anuncia el nuevo bizcocho de la semana con un toque de humor.',
		settings: ['Divertidas', 'Español', 'Instagram Cuadrado'],
		phrase: 'Hay lunes que solo se arreglan con café recién hecho y bizcocho de limón.',
		gradient: 'from-amber-700 via-orange-600 to-rose-500',
	},
	{
		persona: 'Si eres entrenador personal…',
		context: 'Motiva a tu comunidad antes de la sesión del sábado.',
		settings: ['Fitness', 'Español', 'Historia de Instagram'],
		phrase: 'No tienes que ser el más rápido. Solo tienes que volver mañana.',
		gradient: 'from-emerald-700 via-teal-600 to-cyan-500',
	},
	{
		persona: 'Si tienes una tienda online…',
		context: 'Presenta una colección nueva a clientes de varios países.',
		settings: ['Persuasivas', 'Portugués', 'Publicación de Facebook'],
		phrase: 'O teu estilo não espera pela próxima estação. A nova coleção já chegou.',
		gradient: 'from-violet-700 via-purple-600 to-fuchsia-500',
	},
	{
		persona: 'Si das clase en un instituto…',
		context: 'Despide el curso con un mensaje para el grupo de familias.',
		settings: ['Graduación', 'Español', 'WhatsApp'],
		phrase: 'Hoy cerráis un capítulo; lo mejor es que el libro todavía no tiene final.',
		gradient: 'from-sky-700 via-blue-600 to-indigo-500',
	},
] as const

export function UseCases() {
	return (
		<Section
			id="ideas"
			eyebrow="Ejemplos"
			title="Ideas para usar Frasea"
			intro="Algunos casos ilustrativos de cómo podrías aprovecharlo. Las frases son ejemplos del tipo de resultado que puedes obtener."
			tinted
		>
			<ul className="mt-14 grid gap-6 md:grid-cols-2">
				{useCases.map((useCase) => (
					<li
						key={useCase.persona}
						className="flex flex-col gap-5 rounded-2xl border border-gray-200 bg-white p-6 sm:flex-row dark:border-white/10 dark:bg-gray-900"
					>
						<div className="flex-1">
							<h3 className="text-lg font-semibold text-gray-900 dark:text-white">
								{useCase.persona}
							</h3>
							<p className="mt-2 text-gray-600 dark:text-gray-400">{useCase.context}</p>
							<ul aria-label="Ajustes del ejemplo" className="mt-4 flex flex-wrap gap-2">
								{useCase.settings.map((setting) => (
									<li
										key={setting}
										className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-700 dark:bg-white/10 dark:text-gray-300"
									>
										{setting}
									</li>
								))}
							</ul>
						</div>
						<figure
							className={`relative grid aspect-[4/3] w-full shrink-0 place-items-center overflow-hidden rounded-xl bg-gradient-to-br p-5 sm:aspect-square sm:w-44 ${useCase.gradient}`}
						>
							{/* Same idea as the real cards: a dark overlay keeps white text readable. */}
							<div aria-hidden="true" className="absolute inset-0 bg-black/25" />
							<blockquote className="relative text-center leading-snug font-semibold text-balance text-white sm:text-sm">
								<p>{useCase.phrase}</p>
							</blockquote>
							<figcaption className="sr-only">Ejemplo de frase</figcaption>
						</figure>
					</li>
				))}
			</ul>
		</Section>
	)
}
