import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Vitest runs without the Remix plugin; Playwright specs live in e2e/ and are not included.
export default defineConfig({
	resolve: {
		alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
	},
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'server/**/*.test.ts',
			'tests/**/*.test.{ts,tsx}',
			'scripts/**/*.test.ts',
		],
		environment: 'node',
		// One process per file, each with its own migrated database (tests/setup/).
		pool: 'forks',
		globalSetup: ['tests/setup/global-setup.ts'],
		setupFiles: ['tests/setup/database.ts'],
	},
})
