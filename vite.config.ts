import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	resolve: {
		alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
	},
	server: { port: Number(process.env.PORT ?? 3000) },
	build: { target: 'es2022', cssMinify: true },
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
