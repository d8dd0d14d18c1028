import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useOutletContext } from '@remix-run/react'
import { type AdsOutletContext } from '~/ads/config'
import { adsForDocument } from '~/ads/settings.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import { ProsePage } from '~/components/marketing/prose'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: 'Política de Privacidad',
		description:
			'Qué datos guarda Frasea, para qué los usa, qué se envía al proveedor de IA, qué cookies utiliza y cómo puedes consultar, exportar o borrar tu información.',
		path: '/privacy',
	})

export const handle = { breadcrumb: 'Política de Privacidad' } satisfies BreadcrumbHandle

const GOOGLE_ADS_POLICY = 'https://policies.google.com/technologies/ads'

/**
 * Whether the site shows ads right now: the cookies section must say so. For a document this
 * is the very read entry.server makes (cached per request, so no extra query); a client-side
 * navigation here reads the settings afresh, as the document's own choice may be older.
 */
export async function loader({ context }: LoaderFunctionArgs) {
	return { adsOn: (await adsForDocument(context)) !== null }
}

export default function Privacy() {
	const { adsOn } = useLoaderData<typeof loader>()
	// A document that carries the ad slot shows ads whatever the settings say now.
	const { ads } = useOutletContext<AdsOutletContext>()
	return (
		<ProsePage
			title="Política de Privacidad"
			lead="En Frasea tratamos solo los datos necesarios para que el servicio funcione. Aquí te contamos cuáles son, para qué los usamos y cómo puedes controlarlos."
			updated={{ iso: '2026-11-23', label: '23 de noviembre de 2026' }}
		>
			<h2>Qué datos guardamos</h2>
			<h3>Si creas una cuenta</h3>
			<ul>
				<li>
					<strong>Datos de la cuenta:</strong> tu nombre y tu dirección de correo electrónico. De tu
					contraseña guardamos solo un hash, es decir, una huella cifrada que no permite
					recuperarla; nunca la almacenamos en texto legible. Si entras con una cuenta de Google,
					recibimos de ella tu nombre y tu correo.
				</li>
				<li>
					<strong>Frases guardadas:</strong> las frases que decides guardar en tu colección.
				</li>
				<li>
					<strong>Historial de generaciones:</strong> las frases generadas mientras tienes la sesión
					iniciada, junto con el tema que escribiste y las opciones elegidas. Puedes desactivar el
					historial y borrarlo, total o parcialmente, desde tu panel.
				</li>
			</ul>
			<h3>Imágenes que subes</h3>
			<p>
				Las imágenes que subes como fondo o como punto de partida para generar frases se guardan en
				nuestro servidor para poder componer y descargar tus tarjetas. Si no has iniciado sesión, se
				borran automáticamente a las 24 horas. Si tienes cuenta, se conservan asociadas a ella hasta
				que las eliminas o borras la cuenta.
			</p>
			<h3>Datos técnicos</h3>
			<p>
				Para aplicar el límite diario de generaciones y proteger el servicio frente a abusos,
				contamos durante un tiempo limitado las peticiones que llegan desde cada dirección IP o
				cuenta. No usamos estos datos para ningún otro fin.
			</p>

			<h2>Lo que se envía al proveedor de IA</h2>
			<p>
				Para generar tus frases, el tema que escribes, las opciones que eliges (idioma, tipo,
				cantidad, longitud, emojis, hashtags y fecha) y, si la subes, la imagen de referencia se
				envían al proveedor de inteligencia artificial que el administrador del servicio tenga
				configurado. Ese proveedor los procesa para devolver el resultado y los trata según sus
				propias condiciones. No enviamos tu nombre ni tu correo electrónico.
			</p>
			<p>
				Si no hay ningún proveedor configurado, las frases las compone nuestro propio motor sin
				conexión y tu petición no sale de nuestro servidor. Te recomendamos no incluir datos
				personales ni información confidencial en los temas que escribes.
			</p>

			<h2>Cookies</h2>
			<CookiesSection adsOn={adsOn || ads !== null} />

			<h2>Para qué usamos tus datos</h2>
			<ul>
				<li>Prestar el servicio: generar frases, componer imágenes y mantener tu cuenta.</li>
				<li>Mostrarte tus frases guardadas y tu historial.</li>
				<li>Enviarte los correos imprescindibles, como el de recuperación de contraseña.</li>
				<li>Mantener el servicio seguro y aplicar los límites de uso.</li>
			</ul>

			<h2>Cuánto tiempo los conservamos</h2>
			<p>
				Los datos de tu cuenta, tus frases guardadas y tu historial se conservan mientras la cuenta
				exista o hasta que los borres. Al eliminar la cuenta se eliminan también tus frases, tu
				historial, tus imágenes y tus sesiones.
			</p>

			<h2>Tus derechos</h2>
			<p>
				Desde tu <Link to="/dashboard">panel</Link> puedes, en cualquier momento:
			</p>
			<ul>
				<li>
					<strong>Acceder</strong> a tus datos: perfil, frases guardadas e historial.
				</li>
				<li>
					<strong>Exportarlos</strong> para llevártelos a otro lugar.
				</li>
				<li>
					<strong>Rectificarlos</strong>, como tu nombre, desde tu perfil.
				</li>
				<li>
					<strong>Borrarlos</strong>: frases concretas, el historial completo o tu cuenta entera.
				</li>
			</ul>
			<p>También puedes oponerte a que guardemos tu historial desactivándolo desde el panel.</p>

			<h2>Seguridad</h2>
			<p>
				Las contraseñas se guardan como hash, las sesiones pueden revocarse y las claves de los
				proveedores de IA se almacenan cifradas en el servidor y nunca llegan a tu navegador.
			</p>

			<h2>Menores de edad</h2>
			<p>
				Frasea no está dirigido a menores de 13 años y no recogemos conscientemente datos de
				personas de esa edad.
			</p>

			<h2>Cambios en esta política</h2>
			<p>
				Si cambiamos esta política de forma importante, lo anunciaremos en el sitio con antelación.
				La fecha de la última actualización figura al principio de esta página.
			</p>

			<h2>Contacto</h2>
			<p>
				Para cualquier consulta o solicitud sobre tus datos, escríbenos desde la dirección de correo
				asociada a tu cuenta, por ejemplo respondiendo a cualquiera de los mensajes que te hayamos
				enviado. Así podemos comprobar que la solicitud es realmente tuya.
			</p>
		</ProsePage>
	)
}

/** Our own cookies, and what changes while the site shows ads. */
function CookiesSection({ adsOn }: { adsOn: boolean }) {
	return (
		<>
			<p>
				{adsOn
					? 'Frasea crea únicamente estas cookies propias, todas necesarias para el funcionamiento del sitio:'
					: 'Frasea usa únicamente estas cookies, todas necesarias para el funcionamiento del sitio:'}
			</p>
			<ul>
				<li>
					<strong>Sesión:</strong> mantiene tu sesión iniciada. Solo contiene un identificador; al
					cerrar sesión, la sesión se invalida en el servidor.
				</li>
				<li>
					<strong>Tema:</strong> recuerda si prefieres el modo claro, el oscuro o el del sistema.
				</li>
				<li>
					<strong>Avisos:</strong> una cookie de vida muy corta que muestra mensajes como «Frase
					guardada correctamente» tras una acción y se elimina en cuanto se ha leído.
				</li>
			</ul>
			{adsOn ? (
				<>
					<h3>Publicidad</h3>
					<p>
						Frasea muestra anuncios servidos por Google AdSense. Para mostrarlos y medir cómo
						funcionan, Google puede usar cookies y recibir tu dirección IP, y trata esos datos según
						sus propias condiciones. Te lo explica en{' '}
						<a href={GOOGLE_ADS_POLICY} rel="noopener noreferrer">
							cómo usa Google las cookies en la publicidad
						</a>
						.
					</p>
					<p>
						Aparte de los anuncios, no usamos cookies de analítica ni de seguimiento, y no vendemos
						tus datos.
					</p>
				</>
			) : (
				<p>
					No usamos cookies de publicidad, de analítica ni de seguimiento de terceros, y no vendemos
					ni compartimos tus datos con fines comerciales.
				</p>
			)}
		</>
	)
}
