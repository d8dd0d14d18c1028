import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
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
