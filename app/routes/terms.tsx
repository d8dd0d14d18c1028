import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { ProsePage } from '~/components/marketing/prose'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Términos y Condiciones',
		description:
			'Condiciones de uso de Frasea: uso aceptable, responsabilidad sobre el contenido generado, cuentas, plan gratuito con límites diarios y propiedad de tus frases.',
		path: '/terms',
	})

export const handle = { breadcrumb: 'Términos y Condiciones' } satisfies BreadcrumbHandle

export default function Terms() {
	return (
		<ProsePage
			title="Términos y Condiciones"
			lead="Estas condiciones regulan el uso de Frasea. Al usar el servicio, con o sin cuenta, las aceptas. Las hemos escrito para que se entiendan sin necesidad de ser abogado."
			updated={{ iso: '2026-11-21', label: '21 de noviembre de 2026' }}
		>
			<h2>1. El servicio</h2>
			<p>
				Frasea es una herramienta web que genera frases cortas para redes sociales con ayuda de
				modelos de inteligencia artificial (o, si no hay ninguno configurado, de un motor propio
				basado en plantillas) y permite convertirlas en imágenes descargables. Podemos mejorar,
				cambiar o retirar funciones con el tiempo para mantener el servicio útil y seguro.
			</p>

			<h2>2. Edad mínima</h2>
			<p>
				Frasea no está dirigido a menores de 13 años. Si tienes menos de esa edad, no uses el
				servicio ni crees una cuenta. Si tienes entre 13 años y la mayoría de edad de tu país,
				necesitas el permiso de tu madre, padre o tutor legal.
			</p>

			<h2>3. Uso aceptable</h2>
			<p>Te pedimos que uses Frasea de forma responsable. En concreto, no está permitido:</p>
			<ul>
				<li>
					Generar o difundir contenido ilegal, que incite al odio, acose, amenace o discrimine a
					personas o colectivos.
				</li>
				<li>
					Suplantar a otras personas o usar las frases para engañar, por ejemplo en estafas o
					campañas de desinformación.
				</li>
				<li>
					Subir imágenes sobre las que no tienes derechos o que muestren a terceros sin su permiso.
				</li>
				<li>
					Intentar eludir los límites de uso, automatizar peticiones de forma masiva o interferir en
					el funcionamiento del servicio.
				</li>
				<li>Acceder a cuentas o datos ajenos o intentar vulnerar la seguridad del sitio.</li>
			</ul>
			<p>
				Si detectamos un uso contrario a estas normas, podemos limitar o suspender el acceso,
				incluida la cuenta implicada.
			</p>

			<h2>4. Contenido generado</h2>
			<p>
				Las frases las produce un sistema automático a partir de lo que tú indicas. Pueden contener
				errores, parecerse a textos existentes o no ser adecuadas para todos los contextos. Por eso,{' '}
				<strong>eres responsable de revisar cada frase antes de publicarla</strong> y de cómo la
				usas, incluido el cumplimiento de las normas de cada red social. Frasea no garantiza que el
				contenido generado sea exacto, original ni apto para un fin concreto.
			</p>

			<h2>5. Plan gratuito y posibles planes de pago</h2>
			<p>
				Frasea se puede usar de forma gratuita, con y sin cuenta. El uso gratuito tiene un número
				limitado de generaciones al día, que podemos ajustar según la capacidad del servicio. Cuando
				alcanzas el límite, podrás volver a generar al día siguiente.
			</p>
			<p>
				En el futuro podríamos ofrecer planes premium con más generaciones u otras ventajas. Si lo
				hacemos, sus precios y condiciones se publicarán antes de que puedas contratarlos, y nunca
				se te cobrará nada sin tu aceptación expresa.
			</p>

			<h2>6. Cuentas</h2>
			<p>
				Para guardar frases y conservar tu historial necesitas una cuenta. Al crearla, te
				comprometes a dar datos veraces y a mantener tu contraseña en secreto; eres responsable de
				la actividad que se realice con ella. Puedes eliminar tu cuenta en cualquier momento desde
				tu <Link to="/dashboard">panel</Link>. El tratamiento de tus datos se explica en la{' '}
				<Link to="/privacy">Política de Privacidad</Link>.
			</p>

			<h2>7. Propiedad intelectual</h2>
			<p>
				<strong>Las frases que generas y las imágenes que descargas son tuyas</strong>, en la medida
				en que la ley lo permita: puedes usarlas, modificarlas y publicarlas, también con fines
				comerciales. No reclamamos ningún derecho sobre ellas ni las usamos para promocionarnos sin
				tu permiso. Tú conservas también los derechos sobre las imágenes que subes; solo nos
				concedes el permiso necesario para procesarlas y prestarte el servicio.
			</p>
			<p>
				El nombre Frasea, el diseño del sitio, su código y las plantillas del motor sin conexión
				pertenecen a sus titulares y no pueden copiarse ni reutilizarse fuera del servicio sin
				autorización.
			</p>

			<h2>8. Disponibilidad y responsabilidad</h2>
			<p>
				Trabajamos para que Frasea esté disponible y funcione bien, pero el servicio se ofrece «tal
				cual» y puede sufrir interrupciones, por ejemplo cuando el proveedor de inteligencia
				artificial no responde. En la medida permitida por la ley, no somos responsables de daños
				indirectos derivados del uso del servicio o del contenido generado.
			</p>

			<h2>9. Cambios en estas condiciones</h2>
			<p>
				Si hacemos cambios importantes en estas condiciones, te avisaremos con{' '}
				<strong>al menos 30 días de antelación</strong> mediante un aviso en el sitio y, si tienes
				cuenta, por correo electrónico. Si no estás de acuerdo con los cambios, puedes dejar de usar
				el servicio y eliminar tu cuenta antes de que entren en vigor.
			</p>

			<h2>10. Legislación aplicable</h2>
			<p>
				Estas condiciones se rigen por la legislación aplicable al titular del servicio, sin
				perjuicio de los derechos que te reconozcan las normas imperativas de protección de los
				consumidores de tu país de residencia. Antes de acudir a cualquier vía formal, te animamos a
				escribirnos para intentar resolver el problema de forma amistosa.
			</p>
		</ProsePage>
	)
}
