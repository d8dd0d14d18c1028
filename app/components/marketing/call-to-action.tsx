import { ArrowRightIcon } from '~/components/marketing-icons'

const focusRing =
	'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

export function CallToAction() {
	return (
		<section aria-labelledby="empieza-titulo" className="px-4 pb-24">
			<div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-orange-600 px-6 py-16 text-center shadow-xl sm:px-12">
				<div
					aria-hidden="true"
					className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-white/10 blur-3xl"
				/>
				<div
					aria-hidden="true"
					className="absolute -bottom-24 -left-16 -z-10 size-72 rounded-full bg-orange-300/20 blur-3xl"
				/>
				<h2
					id="empieza-titulo"
					className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
				>
					Tu próxima publicación empieza con una frase
				</h2>
				<p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-white/90">
					Prueba ahora sin registrarte. Y si quieres guardar tus favoritas y tener tu historial a
					mano, crea una cuenta gratuita en menos de un minuto.
				</p>
				<div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
					<a
						href="#generador"
						className={`inline-flex items-center justify-center gap-2 rounded-xl bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50 ${focusRing}`}
					>
						Crear frases ahora
						<ArrowRightIcon width={20} height={20} />
					</a>
					<a
						href="/register"
						className={`inline-flex items-center justify-center rounded-xl border border-white/60 px-6 py-3 font-semibold text-white transition-colors hover:bg-white/10 ${focusRing}`}
					>
						Crear cuenta gratis
					</a>
				</div>
			</div>
		</section>
	)
}
