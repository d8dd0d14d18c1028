import { type ReactNode } from 'react'
import { ChevronDownIcon } from '~/components/marketing-icons'
import { Section } from './section'

const linkClass =
	'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200'

const platformSizes = [
	['Instagram, cuadrado', '1080 × 1080'],
	['Instagram, historia', '1080 × 1920'],
	['Facebook, publicación', '1200 × 630'],
	['Facebook, portada', '1200 × 315'],
	['X (Twitter)', '1200 × 675'],
	['Pinterest', '735 × 1102'],
	['WhatsApp', '800 × 800'],
	['LinkedIn', '1200 × 627'],
	['YouTube, miniatura', '1280 × 720'],
	['Banner web', '1920 × 1080'],
] as const

const questions: FaqEntry[] = [
	{
		question: '¿Frasea es gratis?',
		answer:
			'Sí. Puedes generar frases y descargar imágenes sin pagar y sin registrarte. Crear una cuenta también es gratuito y te permite guardar tus frases y consultar tu historial.',
	},
	{
		question: '¿Hay algún límite de uso?',
		answer:
			'Sí: el uso gratuito tiene un número limitado de generaciones al día, para que el servicio siga siendo rápido y estable para todo el mundo. Si alcanzas el límite verás un aviso y podrás seguir generando al día siguiente.',
	},
	{
		question: '¿En qué idiomas puedo generar frases?',
		answer:
			'En cinco: español, inglés, portugués, francés e italiano. Eliges el idioma antes de generar y puedes cambiarlo en cada petición.',
	},
	{
		question: '¿Cómo se adapta la imagen a cada red social?',
		answer: (
			<>
				<p>
					Eliges el formato y Frasea compone la imagen a esa medida exacta, recolocando la frase
					para que quede centrada y legible. La imagen se descarga en JPEG. Estos son los diez
					formatos disponibles (en píxeles):
				</p>
				<ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
					{platformSizes.map(([label, size]) => (
						<li
							key={label}
							className="flex justify-between gap-4 border-b border-gray-100 py-1 dark:border-white/5"
						>
							<span>{label}</span>
							<span className="text-gray-900 tabular-nums dark:text-gray-200">{size}</span>
						</li>
					))}
				</ul>
			</>
		),
	},
	{
		question: '¿Puedo guardar las frases que me gustan?',
		answer: (
			<>
				Sí, con una cuenta. Al{' '}
				<a href="/register" className={linkClass}>
					registrarte
				</a>{' '}
				puedes guardar frases en tu colección, y cada generación queda en tu historial. Desde tu
				panel puedes desactivar el historial y borrar lo que quieras cuando quieras.
			</>
		),
	},
	{
		question: '¿Qué pasa con lo que escribo?',
		answer: (
			<>
				El tema que escribes, las opciones elegidas y, si la subes, la imagen se envían al proveedor
				de inteligencia artificial configurado solo para generar tus frases. No usamos cookies de
				analítica ni rastreadores propios, y las imágenes subidas sin cuenta se borran a las 24
				horas. Si ves anuncios, los sirve Google AdSense con sus propias cookies. Tienes todos los
				detalles en nuestra{' '}
				<a href="/privacy" className={linkClass}>
					Política de Privacidad
				</a>
				.
			</>
		),
	},
	{
		question: '¿Y si no hay ningún modelo de IA configurado?',
		answer:
			'Frasea sigue funcionando. Incluye un motor sin conexión que compone frases a partir de plantillas escritas para cada idioma y tipo de frase, usando tu tema, y respeta la cantidad, la longitud y las opciones de emojis, hashtags y fecha. En ese caso la página lo indica claramente, porque los resultados son más sencillos que los de un modelo de IA.',
	},
	{
		question: '¿Necesito instalar algo o saber de diseño?',
		answer:
			'No. Frasea funciona en el navegador del móvil o del ordenador, y las imágenes se generan con un diseño legible por defecto. Si quieres, puedes ajustar la fuente, los colores, el fondo y el formato.',
	},
]

export type FaqEntry = { question: string; answer: ReactNode }

/** Questions and answers as <details>, so they open and close without JavaScript. */
export function FaqSection({
	id,
	eyebrow,
	title,
	intro,
	entries,
}: {
	id: string
	eyebrow: string
	title: string
	intro: string
	entries: FaqEntry[]
}) {
	return (
		<Section id={id} eyebrow={eyebrow} title={title} intro={intro}>
			<div className="mx-auto mt-12 max-w-3xl divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white dark:divide-white/10 dark:border-white/10 dark:bg-gray-900">
				{entries.map(({ question, answer }) => (
					<details key={question} className="group">
						<summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left font-semibold text-gray-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-200 dark:focus-visible:outline-brand-300 [&::-webkit-details-marker]:hidden">
							<h3>{question}</h3>
							<ChevronDownIcon
								width={20}
								height={20}
								className="shrink-0 text-gray-500 transition-transform group-open:rotate-180 dark:text-gray-400"
							/>
						</summary>
						<div className="px-6 pb-6 leading-relaxed text-gray-600 dark:text-gray-400">
							{answer}
						</div>
					</details>
				))}
			</div>
		</Section>
	)
}

export function Faq() {
	return (
		<FaqSection
			id="preguntas-frecuentes"
			eyebrow="Preguntas frecuentes"
			title="Resolvemos tus dudas"
			intro="Lo que más nos suelen preguntar antes de empezar."
			entries={questions}
		/>
	)
}
