// Generates the Prisma client without Prisma's native schema engine, which cannot be
// downloaded on offline or locked-down machines. `prisma generate` only needs the engine
// variable to point at an existing file; the client itself runs on the better-sqlite3
// driver adapter and needs no native engine.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('prisma/schema.prisma')) process.exit(0)
const result = spawnSync('npx', ['prisma', 'generate'], {
	stdio: 'inherit',
	env: {
		PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
		...process.env,
		PRISMA_HIDE_UPDATE_MESSAGE: '1',
	},
})
process.exit(result.status ?? 1)
