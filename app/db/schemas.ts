// The data model is written once, in prisma/schema.prisma (SQLite, the embedded default).
// The PostgreSQL schema is derived from it by `npm run db:schemas` and committed next to its
// own migration history; a test fails when the committed copy no longer matches.
import type { DatabaseEngine } from '../utils/env.server'

export const SCHEMA_FILES: Record<DatabaseEngine, string> = {
	sqlite: 'prisma/schema.prisma',
	postgresql: 'prisma/postgresql/schema.prisma',
}

export const MIGRATION_DIRS: Record<DatabaseEngine, string> = {
	sqlite: 'prisma/migrations',
	postgresql: 'prisma/postgresql/migrations',
}

const GENERATED_NOTICE = `// GENERATED from prisma/schema.prisma by \`npm run db:schemas\`: do not edit.
// Change prisma/schema.prisma, then run \`npm run db:migration:create <name>\`, which writes
// this file and a migration for each engine.
`

/**
 * The PostgreSQL copy of the SQLite schema: another provider, and a client generated into
 * its own folder. Native column types (`@db.*`) would not mean the same on both engines, so
 * the model may not use them.
 */
export function derivePostgresSchema(source: string): string {
	const nativeType = source.match(/^[^/\n]*@db\.\w+/m)
	if (nativeType) {
		throw new Error(
			`prisma/schema.prisma uses a native type (${nativeType[0].trim()}): the model is shared by SQLite and PostgreSQL, so it must use Prisma's portable types only.`,
		)
	}
	let derived = source
	const swaps: Array<[RegExp, string]> = [
		[/(datasource db \{\s*provider\s*=\s*)"sqlite"/, '$1"postgresql"'],
		[/(output\s*=\s*)"\.\.\/app\/generated\/prisma"/, '$1"../../app/generated/prisma-postgresql"'],
	]
	for (const [pattern, replacement] of swaps) {
		if (!pattern.test(derived)) {
			throw new Error(
				`prisma/schema.prisma no longer has the line ${pattern}: update derivePostgresSchema`,
			)
		}
		derived = derived.replace(pattern, replacement)
	}
	return GENERATED_NOTICE + derived
}
