import { Prisma } from '~/generated/prisma/client'
import { databaseEngine, prisma } from './db.server'

/**
 * SQL fragments whose text differs between SQLite and PostgreSQL, so raw queries elsewhere
 * are written once. Aliases that must keep their case are double-quoted at the call site
 * (PostgreSQL folds unquoted ones to lowercase); that is portable and needs nothing here.
 */

/** Escapes LIKE's wildcards (and the escape character itself) so they match literally. */
export function likeContaining(text: string) {
	return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * `column` contains `text` literally (%, _ and \ are no wildcards), ignoring the case of
 * ASCII letters on both engines. One difference remains: SQLite's LIKE folds ASCII only,
 * while PostgreSQL's ILIKE folds by the database's locale, so there "ÁRBOL" also finds
 * "árbol" (with a UTF-8 locale); SQLite has no Unicode case folding without an extension.
 */
export function containsIgnoringCase(column: Prisma.Sql, text: string) {
	const operator = databaseEngine() === 'postgresql' ? Prisma.sql`ILIKE` : Prisma.sql`LIKE`
	return Prisma.sql`${column} ${operator} ${likeContaining(text)} ESCAPE '\\'`
}

/**
 * A date compared with a DateTime column where PostgreSQL cannot infer the parameter's type
 * (a VALUES list, a cursor read back as text). SQLite stores the adapter's ISO text, which
 * compares as text in the same format, so there the value goes as it is.
 */
export function timestampValue(value: Date | string) {
	return databaseEngine() === 'postgresql'
		? Prisma.sql`CAST(${value} AS TIMESTAMP(3))`
		: Prisma.sql`${value}`
}

/** COUNT and SUM come back as bigint, number or (PostgreSQL's numeric) string. */
export function toNumber(value: bigint | number | string | null | undefined) {
	return value === null || value === undefined ? 0 : Number(value)
}

const SERIALIZATION_ATTEMPTS = 10

/**
 * An interactive transaction that reads, then writes what it read decides (a check before
 * a delete, a create when a row is missing). SQLite runs such transactions one at a time;
 * PostgreSQL's default (read committed) would let two of them act on the same stale read,
 * so there they run serializable, and one that loses a conflict runs again.
 */
export async function serializableTransaction<T>(
	fn: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await prisma.$transaction(fn, {
				isolationLevel: Prisma.TransactionIsolationLevel.Serializable,
			})
		} catch (error) {
			if (!isWriteConflict(error) || attempt >= SERIALIZATION_ATTEMPTS) throw error
			// Jittered, growing pause: the losers of one conflict must not collide again at once.
			await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
		}
	}
}

/**
 * PostgreSQL's serialization failure or deadlock: P2034 from a query, or the adapter's own
 * error when it surfaces at COMMIT.
 */
function isWriteConflict(error: unknown) {
	if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === 'P2034'
	const cause = error instanceof Error ? (error.cause as { kind?: unknown } | undefined) : undefined
	return (
		error instanceof Error &&
		error.name === 'DriverAdapterError' &&
		cause?.kind === 'TransactionWriteConflict'
	)
}

/**
 * Ends a `SELECT … LIMIT n` that picks rows to claim: on PostgreSQL the rows are locked and
 * rows another transaction holds are passed over, so concurrent claimers in any number of
 * processes never pick the same row and never wait for each other. SQLite runs one writer
 * at a time, so the statement that claims is atomic as it stands.
 */
export function skipLockedRows() {
	return databaseEngine() === 'postgresql' ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty
}
