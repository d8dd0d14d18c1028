import { phraseTypeOptions } from '~/generator/pages'
import { FaqSection, type FaqEntry } from './faq'
import { Section } from './section'

const cardClass =
	'rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'

const benefits = [
	{
		title: 'Más comentarios',
		text: 'Frases que invitan a responder: preguntas, reflexiones y guiños que dan pie a la conversación.',
	},
	{
		title: 'Tu tono, siempre',
		text: 'Emotivo, divertido, inspirador o de negocio: eliges el tipo de frase y Frasea escribe en ese registro.',
	},
	{
		title: 'Desde una foto',
		text: 'Sube la imagen que vas a publicar y recibe textos pensados para ella, con el contexto que quieras añadir.',
	},
	{
		title: 'Lista para compartir',
		text: 'Cada frase se convierte en una imagen del tamaño de una publicación o de una portada de Facebook.',
	},
]

const steps = [
	'Escribe el tema de tu publicación o sube una imagen.',
	'Elige idioma, tipo de frase, cuántas quieres y su longitud.',
	'Copia la que más te guste, retócala o descárgala como imagen.',
]

const typeDescriptions: Record<string, string> = {
	facebook: 'Publicaciones versátiles para cualquier ocasión.',
	emocionales: 'Para tocar el corazón de tus amigos y seguidores.',
	motivacionales: 'Empujones de ánimo para empezar el día.',
	inspiradoras: 'Ideas que hacen pensar en grande.',
	creativas: 'Giros originales que llaman la atención.',
	humor: 'Para sacar una sonrisa en el muro.',
	negocios: 'Mensajes claros para tu marca o tu tienda.',
	viajes: 'Para acompañar tus fotos de escapadas.',
	moda: 'Estilo y tendencias en pocas palabras.',
	comida: 'Recetas, restaurantes y caprichos.',
	fitness: 'Constancia, entrenamiento y vida sana.',
	reflexivas: 'Pensamientos serenos para compartir.',
	amor: 'Dedicatorias para la persona especial.',
}

const tips = [
	'Publica cuando tu comunidad está conectada: a primera hora, a mediodía o al final de la tarde.',
	'Acompaña la frase con una imagen: las publicaciones con imagen se ven y se comparten más.',
	'Termina con una pregunta sencilla para animar a comentar.',
	'Usa pocos hashtags y que sean relevantes; en Facebook funcionan mejor con moderación.',
	'Responde a los comentarios en las primeras horas: la conversación da vida a la publicación.',
]

const ideas = [
	{
		who: 'Si tienes una panadería de barrio',
		phrase:
			'El olor a pan recién hecho es nuestra forma de decir buenos días. ¿Cuál es tu favorito?',
	},
	{
		who: 'Si organizas un club de lectura',
		phrase:
			'Un buen libro es una conversación que no termina en la última página. ¿Qué estás leyendo?',
	},
	{
		who: 'Si compartes fotos de tus viajes',
		phrase:
			'Volví con la maleta llena de arena y la cabeza llena de planes. ¿A dónde me recomiendas ir?',
	},
]

const questions: FaqEntry[] = [
	{
		question: '¿Qué tipo de imagen puedo subir?',
		answer:
			'PNG, JPG o GIF de hasta 15MB. Frasea la usa solo para escribir tus frases; si no tienes cuenta, no se guarda.',
	},
	{
		question: '¿Cuántas frases puedo generar a la vez?',
		answer: 'Puedes pedir 3, 6, 9 o 12 frases en cada generación.',
	},
	{
		question: '¿Puedo editar las frases?',
		answer:
			'Sí. Cada frase se puede retocar antes de copiarla o descargarla como imagen, y si tienes cuenta puedes guardarla.',
	},
	{
		question: '¿Sirve para la página de mi negocio?',
		answer:
			'Sí. Elige el tipo «Negocios» y describe tu producto o tu oferta: obtendrás textos claros y cercanos para tu página.',
	},
]

/** The Facebook page's marketing content, static: rendered once on the server. */
export function FacebookContent() {
	return (
		<>
			<Section id="ventajas-facebook" eyebrow="Ventajas" title="Publicaciones que conectan">
				<ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
					{benefits.map((benefit) => (
						<li key={benefit.title} className={cardClass}>
							<h3 className="font-semibold text-gray-900 dark:text-white">{benefit.title}</h3>
							<p className="mt-2 text-sm leading-relaxed text-gray-600 dark:text-gray-400">
								{benefit.text}
							</p>
						</li>
					))}
				</ul>
			</Section>
			<Section id="como-funciona-facebook" eyebrow="Cómo funciona" title="Tres pasos" tinted>
				<ol className="mx-auto mt-12 grid max-w-4xl gap-6 sm:grid-cols-3">
					{steps.map((step, index) => (
						<li key={step} className={cardClass}>
							<span className="grid size-9 place-items-center rounded-full bg-brand-600 font-bold text-white">
								{index + 1}
							</span>
							<p className="mt-3 text-gray-700 dark:text-gray-300">{step}</p>
						</li>
					))}
				</ol>
			</Section>
			<Section id="tipos-facebook" eyebrow="Tipos de frases" title="Un tono para cada publicación">
				<ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
					{phraseTypeOptions('facebook').map((type) => (
						<li key={type.value} className={cardClass}>
							<h3 className="font-semibold text-gray-900 dark:text-white">{type.label}</h3>
							<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
								{typeDescriptions[type.value]}
							</p>
						</li>
					))}
				</ul>
			</Section>
			<Section
				id="consejos-facebook"
				eyebrow="Consejos"
				title="Para que tu publicación llegue más lejos"
				tinted
			>
				<ul className="mx-auto mt-12 max-w-3xl list-disc space-y-3 pl-6 text-gray-700 marker:text-brand-600 dark:text-gray-300">
					{tips.map((tip) => (
						<li key={tip}>{tip}</li>
					))}
				</ul>
			</Section>
			<Section
				id="ideas-facebook"
				eyebrow="Ideas"
				title="Ideas para usar Frasea en Facebook"
				intro="Ejemplos ilustrativos de lo que puedes pedir."
			>
				<ul className="mt-12 grid gap-6 md:grid-cols-3">
					{ideas.map((idea) => (
						<li key={idea.who} className={cardClass}>
							<h3 className="font-semibold text-gray-900 dark:text-white">{idea.who}</h3>
							<p className="mt-3 text-gray-700 italic dark:text-gray-300">«{idea.phrase}»</p>
						</li>
					))}
				</ul>
			</Section>
			<FaqSection
				id="preguntas-facebook"
				eyebrow="Preguntas frecuentes"
				title="Dudas sobre las frases para Facebook"
				intro="Lo esencial antes de tu próxima publicación."
				entries={questions}
			/>
			<section className="bg-gradient-to-br from-brand-600 to-orange-500 py-16 text-center text-white">
				<h2 className="text-3xl font-bold">¿Lista tu próxima publicación?</h2>
				<p className="mt-3 text-lg text-white/90">Vuelve arriba y genera tus frases en segundos.</p>
				<a
					href="#generador"
					className="mt-8 inline-flex items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
				>
					Crear frases para Facebook
				</a>
			</section>
		</>
	)
}
