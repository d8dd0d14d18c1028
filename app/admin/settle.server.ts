/**
 * Runs one block of a page's data: a failure is logged and gives null, so the rest of the
 * page still renders and that block says it could not be loaded.
 */
export async function settle<T>(label: string, load: () => Promise<T>): Promise<T | null> {
	try {
		return await load()
	} catch (error) {
		console.error(`Admin: could not load ${label}`, error)
		return null
	}
}
