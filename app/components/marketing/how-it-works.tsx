import { type ComponentType, type SVGProps } from 'react'
import { DownloadIcon, PencilIcon, SlidersIcon, WandIcon } from '~/components/marketing-icons'
import { Section } from './section'

type Step = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }

const steps: Step[] = [
	{
		Icon: PencilIcon,
		title: 'Escribe un tema o sube una imagen',
		text: 'Cuéntale a Frasea de qué quieres hablar: un lanzamiento, un lunes de lluvia, el cumpleaños de tu hermana. En Instagram y Facebook también puedes partir de una foto.',
	},
	{
		Icon: SlidersIcon,
		title: 'Elige idioma, tipo, cantidad y longitud',
		text: 'Decide el idioma, el tono, cuántas frases quieres y su extensión aproximada. Si te apetece, añade emojis, hashtags o la fecha de hoy.',
	},
	{
		Icon: WandIcon,
		title: 'Genera tus frases',
		text: 'Pulsa «Generar Frases» y en unos segundos tendrás varias propuestas. ¿No te convencen? Ajusta el tema y vuelve a probar.',
	},
	{
		Icon: DownloadIcon,
		title: 'Personaliza la imagen y descárgala',
		text: 'Edita el texto, elige el fondo, la fuente y el formato de la red social, y descarga la imagen en JPEG lista para publicar.',
	},
]

export function HowItWorks() {
	return (
		<Section
			id="como-funciona"
			eyebrow="Cómo funciona"
			title="De una idea a tu publicación en cuatro pasos"
			intro="No hace falta experiencia en diseño ni en redacción. Solo saber qué quieres contar."
			tinted
		>
			<ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
				{steps.map(({ Icon, title, text }, index) => (
					<li
						key={title}
						className="relative rounded-2xl border border-gray-200 bg-white p-6 dark:border-white/10 dark:bg-gray-900"
					>
						<div className="flex items-center justify-between">
							<span className="grid size-11 place-items-center rounded-full bg-brand-600 text-lg font-bold text-white">
								<span className="sr-only">Paso </span>
								{index + 1}
							</span>
							<Icon className="text-brand-600 dark:text-brand-300" />
						</div>
						<h3 className="mt-5 text-lg font-semibold text-gray-900 dark:text-white">{title}</h3>
						<p className="mt-2 leading-relaxed text-gray-600 dark:text-gray-400">{text}</p>
					</li>
				))}
			</ol>
		</Section>
	)
}
