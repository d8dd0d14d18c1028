/**
 * The test file's own database, opened by the app's client. Every file already has a
 * fresh, migrated one (tests/setup/database.ts), so a test can import `prisma` from
 * `~/utils/db.server` directly; this keeps the older call working for files that load
 * their modules dynamically after setting the environment.
 */
export async function setUpTestDatabase() {
	const { prisma } = await import('~/utils/db.server')
	return {
		prisma,
		/** Nothing left to do: the setup file deletes the data folder after the file. */
		async cleanUp() {},
	}
}
