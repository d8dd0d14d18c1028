import { type GeneratorActionData, type GeneratorData } from '../view'
import { GeneratorSection } from './generator-section'

/** The top of the Instagram and Facebook pages: hero, then the generator with its cards. */
export function GeneratorPage({
	title,
	intro,
	heading,
	data,
	actionData,
}: {
	title: string
	intro: string
	heading: string
	data: GeneratorData
	actionData: GeneratorActionData | undefined
}) {
	return (
		<div className="mx-auto max-w-6xl px-4 py-12">
			<header className="max-w-3xl">
				<h1 className="text-4xl font-black tracking-tight text-gray-900 sm:text-5xl dark:text-white">
					{title}
				</h1>
				<p className="mt-4 text-lg text-gray-600 dark:text-gray-300">{intro}</p>
			</header>
			<section id="generador" aria-labelledby="generador-titulo" className="mt-10">
				<h2 id="generador-titulo" className="text-2xl font-bold">
					{heading}
				</h2>
				<div className="mt-6 max-w-3xl">
					<GeneratorSection data={data} actionData={actionData} />
				</div>
			</section>
		</div>
	)
}
