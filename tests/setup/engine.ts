/**
 * Which engine the Vitest run is on: SQLite unless TEST_DATABASE=postgresql, which needs
 * TEST_POSTGRES_URL (a server where that user may create databases; `npm run test:postgres`
 * starts a throw-away one).
 */
export function testEngine(): 'sqlite' | 'postgresql' {
	if (process.env.TEST_DATABASE !== 'postgresql') return 'sqlite'
	if (!process.env.TEST_POSTGRES_URL) {
		throw new Error(
			'TEST_DATABASE=postgresql needs TEST_POSTGRES_URL (see scripts/postgres-cluster.mjs)',
		)
	}
	return 'postgresql'
}

export const TEMPLATE_DATABASE = 'frasea_test_template'
