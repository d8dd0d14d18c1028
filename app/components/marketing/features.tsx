import { type ComponentType, type SVGProps } from 'react'
import {
	BookmarkIcon,
	GlobeIcon,
	ImageIcon,
	LayoutIcon,
	PaletteIcon,
	TagsIcon,
} from '~/components/marketing-icons'
import { Section } from './section'

type Feature = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }

const features: Feature[] = [
	{
		Icon: GlobeIcon,
		title: 'Cinco idiomas',
		text: 'Genera frases en español, inglés, portugués, francés o italiano para llegar a todo tu público.',
	},
	{
		Icon: TagsIcon,
		title: '41 tipos de frase',
		text: 'Motivacionales, divertidas, románticas, de emprendimiento, navideñas, de cumpleaños… elige el tono que encaja con tu publicación.',
	},
	{
		Icon: ImageIcon,
		title: 'Parte de un tema o de una foto',
		text: 'Describe la idea con tus palabras o, en las páginas de Instagram y Facebook, sube una imagen y deja que las frases nazcan de ella.',
	},
	{
		Icon: LayoutIcon,
		title: '10 formatos de imagen',
		text: 'Publicación y historia de Instagram, publicación y portada de Facebook, X, Pinterest, WhatsApp, LinkedIn, YouTube y banner web.',
	},
	{
		Icon: PaletteIcon,
		title: 'Diseño a tu gusto',
		text: 'Cambia la fuente, el tamaño, el color del texto y la opacidad del fondo; elige entre ocho estilos de fondo o sube tu propia imagen.',
	},
	{
		Icon: BookmarkIcon,
		title: 'Tus frases, guardadas',
		text: 'Con una cuenta gratuita guardas tus favoritas en tu colección y consultas el historial de todo lo que has generado.',
	},
]

export function Features() {
	return (
		<Section
			id="funciones"
			eyebrow="Funciones"
			title="Todo lo que necesitas para tu próxima publicación"
			intro="De la idea a la imagen descargada sin salir de la página: Frasea escribe, tú eliges y ajustas."
		>
			<ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{features.map(({ Icon, title, text }) => (
					<li
						key={title}
						className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-white/10 dark:bg-gray-900"
					>
						<span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200">
							<Icon />
						</span>
						<h3 className="mt-5 text-lg font-semibold text-gray-900 dark:text-white">{title}</h3>
						<p className="mt-2 leading-relaxed text-gray-600 dark:text-gray-400">{text}</p>
					</li>
				))}
			</ul>
		</Section>
	)
}
