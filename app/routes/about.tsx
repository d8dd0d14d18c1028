import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { ProsePage } from '~/components/marketing/prose'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Acerca de',
		description:
			'Qué es Frasea, para quién está pensado y cómo funciona: frases originales con IA para redes sociales, convertidas en imágenes listas para publicar.',
		path: '/about',
	})

export const handle = { breadcrumb: 'Acerca de' } satisfies BreadcrumbHandle

export default function About() {
	return (
		<ProsePage
			title="Acerca de Frasea"
			lead="Frasea es una herramienta web en español que escribe frases cortas para redes sociales con inteligencia artificial y las convierte en imágenes listas para publicar."
		>
			<h2>Qué es Frasea</h2>
			<p>
				Publicar con regularidad exige tener algo que decir cada día, y no siempre llega la
				inspiración. Frasea te ayuda en ese primer paso: le das un tema, eliges el tono y en unos
				segundos tienes varias frases originales entre las que elegir. Después puedes colocar
				cualquiera de ellas sobre un fondo y descargarla como imagen con la medida exacta de la red
				social donde la vas a compartir.
			</p>
			<p>
				Puedes escribir en <strong>cinco idiomas</strong> (español, inglés, portugués, francés e
				italiano), elegir entre <strong>41 tipos de frase</strong>, desde motivacionales o
				divertidas hasta navideñas o de emprendimiento, y descargar tus imágenes en{' '}
				<strong>diez formatos</strong>, de la publicación cuadrada de Instagram al banner web.
			</p>

			<h2>Para quién es</h2>
			<p>
				Frasea está pensado para cualquiera que publique contenido y quiera hacerlo mejor en menos
				tiempo:
			</p>
			<ul>
				<li>
					Pequeños negocios (una cafetería, una tienda, un estudio de yoga) que llevan sus propias
					redes sin un equipo de comunicación.
				</li>
				<li>
					Community managers y creadores de contenido que necesitan variedad de ideas para varias
					cuentas a la vez.
				</li>
				<li>
					Docentes, asociaciones y grupos que quieren felicitar, animar o anunciar algo con un
					mensaje cuidado.
				</li>
				<li>
					Cualquier persona que quiera dedicar una frase bonita en un cumpleaños, una graduación o
					un día especial.
				</li>
			</ul>

			<h2>Cómo funciona</h2>
			<ol>
				<li>
					<strong>Escribe un tema o sube una imagen.</strong> En las páginas de{' '}
					<Link to="/instagram">Instagram</Link> y <Link to="/facebook">Facebook</Link> también
					puedes partir de una foto.
				</li>
				<li>
					<strong>Elige idioma, tipo, cantidad y longitud.</strong> Si quieres, añade emojis,
					hashtags o la fecha de hoy.
				</li>
				<li>
					<strong>Genera.</strong> Frasea envía tu petición al modelo de inteligencia artificial
					configurado y te devuelve las frases en unos segundos.
				</li>
				<li>
					<strong>Personaliza y descarga.</strong> Edita el texto, elige fondo, fuente, color y
					formato, y descarga la imagen en JPEG.
				</li>
			</ol>
			<p>
				Si el servicio no tiene ningún modelo de IA configurado, Frasea no se detiene: un motor sin
				conexión compone frases a partir de plantillas escritas para cada idioma y tipo de frase, y
				la página te avisa de que los resultados proceden de ese motor.
			</p>

			<h2>Gratis para empezar</h2>
			<p>
				Puedes usar Frasea sin pagar y sin registrarte. El uso gratuito incluye un número limitado
				de generaciones al día, para que el servicio sea estable para todas las personas que lo
				usan. Si creas una <Link to="/register">cuenta gratuita</Link>, además podrás guardar tus
				frases favoritas y consultar el historial de tus generaciones. En el futuro podríamos
				ofrecer planes premium con más generaciones; si llega ese momento, lo anunciaremos con
				antelación.
			</p>

			<h2>Nuestro compromiso</h2>
			<p>
				Queremos que Frasea sea útil sin pedirte más de lo necesario. No usamos cookies
				publicitarias ni rastreadores, tú decides si se guarda tu historial y puedes borrar tus
				datos desde tu panel en cualquier momento. Lo explicamos con detalle en la{' '}
				<Link to="/privacy">Política de Privacidad</Link> y en los{' '}
				<Link to="/terms">Términos y Condiciones</Link>.
			</p>
			<p>
				¿Te apetece probarlo? <Link to="/#generador">Crea tus primeras frases</Link>.
			</p>
		</ProsePage>
	)
}
