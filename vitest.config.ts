import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// `*.postgres.test.ts` files test what only exists with a PostgreSQL server next to SQLite
// (copying one into the other, several processes on one database): they run in the
// PostgreSQL pass (`npm run test:unit:postgres`) only.
const postgresPass = process.env.TEST_DATABASE === 'postgresql'

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
		exclude: ['**/node_modules/**', ...(postgresPass ? [] : ['**/*.postgres.test.ts'])],
		environment: 'node',
		// One process per file, each with its own migrated database (tests/setup/).
		pool: 'forks',
		// Sized from measurement on two cores: the slowest tests without a budget of their own
		// take up to 3.7 s alone (process races, migrations, the PostgreSQL copy) and about
		// twice that beside a busy process, past Vitest's 5 s default; 15 s (20 s for hooks
		// that migrate or seed) is still a hang, not a slow day.
		testTimeout: 15_000,
		hookTimeout: 20_000,
		globalSetup: ['tests/setup/global-setup.ts'],
		setupFiles: ['tests/setup/database.ts'],
	},
})
