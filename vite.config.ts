import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { fileURLToPath } from 'node:url'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * What every page's layout imports (header, footer, toasts, error page and the few helpers
 * and texts they use): one chunk instead of a dozen small ones, since every page loads
 * them all anyway and small files compress badly.
 */
const LAYOUT_MODULES =
	/\/app\/(components\/(site-header|site-footer|toaster|error-boundary|google-button|logo|icons|breadcrumbs|email-verification-banner|logout-button)|utils\/(misc|seo|in-page-links|nonce-provider)|generator\/pages|generation\/options|dashboard\/profile-avatar|auth\/layout-messages|auth\/email-verification)\.tsx?$/

/**
 * React and Remix, which every page runs: kept together (with the client entry), so the
 * code that rarely changes stays cached across releases of ours.
 */
const FRAMEWORK_MODULES =
	/\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|@remix-run\/router|turbo-stream)\//

const RENDER_WORKER = fileURLToPath(new URL('./app/cards/render-worker.ts', import.meta.url))
const RENDER_POOL = fileURLToPath(new URL('./app/cards/render-pool.server.ts', import.meta.url))

/**
 * The card render worker (app/cards/render-worker.ts) is an entry of the server build of
 * its own: `build/server/render-worker.js`, beside `index.js`, which starts it from there.
 * Code both use goes into shared chunks; the pool module must stay in a file at the top of
 * build/server, or its `./render-worker.js` would point elsewhere: checked here.
 */
function renderWorkerEntry(): Plugin {
	let serverBuild = false
	return {
		name: 'frasea:render-worker',
		apply: 'build',
		configResolved(config) {
			serverBuild = Boolean(config.build.ssr)
		},
		buildStart() {
			if (!serverBuild) return
			this.emitFile({ type: 'chunk', id: RENDER_WORKER, fileName: 'render-worker.js' })
		},
		generateBundle(_options, bundle) {
			if (!serverBuild) return
			const pool = Object.values(bundle).find(
				(output) => output.type === 'chunk' && output.moduleIds.includes(RENDER_POOL),
			)
			if (!pool || pool.fileName.includes('/')) {
				this.error(
					`The render pool must be bundled at the top of the server build, not in ${pool?.fileName}`,
				)
			}
		},
	}
}

export default defineConfig({
	resolve: {
		alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
	},
	server: { port: Number(process.env.PORT ?? 3000) },
	build: {
		target: 'es2022',
		cssMinify: true,
		rollupOptions: {
			output: {
				manualChunks(id) {
					if (FRAMEWORK_MODULES.test(id)) return 'framework'
					if (LAYOUT_MODULES.test(id)) return 'layout'
				},
			},
		},
	},
	plugins: [
		tailwindcss(),
		renderWorkerEntry(),
		remix({
			// Parallel checkouts of the work (e.g. two e2e runs) can build side by side.
			buildDirectory: process.env.BUILD_DIR ?? 'build',
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
				v3_routeConfig: true,
			},
		}),
	],
})
