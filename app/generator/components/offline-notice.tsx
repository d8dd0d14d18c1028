/**
 * What a site without a model says above its generator, and how to connect one. The
 * default export, as React.lazy takes it: the generator loads it only on such a site.
 */
export default function OfflineNotice() {
	return (
		<div className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
			<p>
				<strong>Motor sin conexión.</strong> Este sitio no tiene conectado ningún modelo de IA, así
				que Frasea compone las frases a partir de su propio banco de plantillas.
			</p>
			<p className="mt-1">
				Para frases escritas por un modelo de IA, quien administra el sitio puede conectar Gemini o
				un servidor compatible con OpenAI, como Ollama, desde Administración › Configuración API (o
				con las variables <code>GEMINI_API_KEY</code> u <code>OPENAI_BASE_URL</code> y{' '}
				<code>OPENAI_MODEL</code>).
			</p>
		</div>
	)
}
