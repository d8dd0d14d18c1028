import pg from 'pg'

/**
 * Runs one statement on a connection of its own, opened and closed around it, and returns
 * the rows: for creating and dropping test databases, and for reading what the app wrote
 * the way another process would.
 */
export async function pgQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
	databaseUrl: string,
	statement: string,
	params: unknown[] = [],
): Promise<T[]> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return (await client.query<T>(statement, params)).rows
	} finally {
		await client.end()
	}
}
