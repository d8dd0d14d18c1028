// Generates the Prisma clients, one per database engine (prisma/schema.prisma for SQLite,
// and its derived copy prisma/postgresql/schema.prisma), without Prisma's native schema
// engine, which cannot be downloaded on offline or locked-down machines. `prisma generate`
// only needs the engine variable to point at an existing file; the clients run on driver
// adapters (better-sqlite3, node-postgres) and need no native engine.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

for (const schema of ['prisma/schema.prisma', 'prisma/postgresql/schema.prisma']) {
	if (!existsSync(schema)) continue
	const result = spawnSync('npx', ['prisma', 'generate', '--schema', schema], {
		stdio: 'inherit',
		env: {
			PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
			...process.env,
			PRISMA_HIDE_UPDATE_MESSAGE: '1',
		},
	})
	if (result.status !== 0) process.exit(result.status ?? 1)
}
