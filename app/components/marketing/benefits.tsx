import { type ComponentType, type SVGProps } from 'react'
import {
	BulbIcon,
	CheckIcon,
	ClockIcon,
	DevicesIcon,
	LayoutIcon,
	ShieldIcon,
} from '~/components/marketing-icons'
import { Section } from './section'

type Benefit = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }

const benefits: Benefit[] = [
	{
		Icon: ClockIcon,
		title: 'Ahorras tiempo',
		text: 'Olvídate de la pantalla en blanco: en segundos tienes varias opciones para elegir, retocar y publicar.',
	},
	{
		Icon: BulbIcon,
		title: 'Ideas cuando no llegan',
		text: 'Cambia el tipo de frase o el idioma y descubre enfoques que no se te habían ocurrido.',
	},
	{
		Icon: LayoutIcon,
		title: 'Cada red, su medida',
		text: 'La misma frase adaptada al formato de cada plataforma, sin recortes extraños ni bordes vacíos.',
	},
	{
		Icon: DevicesIcon,
		title: 'Sin instalar nada',
		text: 'Funciona en el navegador, tanto en el móvil como en el ordenador. Sin aplicaciones ni extensiones.',
	},
	{
		Icon: ShieldIcon,
		title: 'Respeta tu privacidad',
		text: 'Sin analítica ni rastreadores propios. Si tienes cuenta, tú decides si se guarda tu historial.',
	},
	{
		Icon: CheckIcon,
		title: 'Gratis para empezar',
		text: 'Genera frases y descarga imágenes sin registrarte. Crea una cuenta solo si quieres guardarlas.',
	},
]

export function Benefits() {
	return (
		<Section
			id="ventajas"
			eyebrow="Ventajas"
			title="Por qué usar Frasea"
			intro="Pensado para quien publica a menudo y no siempre tiene tiempo (ni ganas) de empezar desde cero."
		>
			<ul className="mt-14 grid gap-x-10 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
				{benefits.map(({ Icon, title, text }) => (
					<li key={title} className="flex gap-4">
						<span className="grid size-10 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-orange-400 text-white shadow-sm">
							<Icon width={20} height={20} />
						</span>
						<div>
							<h3 className="font-semibold text-gray-900 dark:text-white">{title}</h3>
							<p className="mt-1 leading-relaxed text-gray-600 dark:text-gray-400">{text}</p>
						</div>
					</li>
				))}
			</ul>
		</Section>
	)
}
