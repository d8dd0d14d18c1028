import { accessSync, constants, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { getEnv, sqlitePath } from './env.server'

/** A folder (or the SQLite file) the app must write to is not writable by this process. */
export class DataDirError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'DataDirError'
	}
}

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS'])

/**
 * Checks at start that this process can write where the app keeps its data: DATA_DIR and,
 * on SQLite, the database file's folder and the file itself. A volume owned by another
 * user (a host folder owned by root, bind-mounted into a container that runs as uid 1000)
 * would otherwise fail later, deep in the migration engine, with an error that names
 * neither the folder nor the user.
 */
export function assertWritableDataDir(): void {
	const env = getEnv()
	const paths = [env.dataDir]
	if (env.databaseEngine === 'sqlite') {
		const file = sqlitePath(env.databaseUrl)
		paths.push(path.dirname(file))
		// The journal files SQLite writes beside it must be writable too, once they exist.
		for (const existing of [file, `${file}-wal`, `${file}-shm`]) {
			if (existsSync(existing)) paths.push(existing)
		}
	}
	for (const target of new Set(paths)) {
		try {
			if (!existsSync(target)) mkdirSync(target, { recursive: true })
			accessSync(target, constants.W_OK)
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code ?? ''
			if (!PERMISSION_CODES.has(code)) throw error
			// A folder that could not be created is fixed on the nearest one that exists.
			let existing = target
			while (!existsSync(existing) && path.dirname(existing) !== existing) {
				existing = path.dirname(existing)
			}
			throw new DataDirError(notWritableMessage(existing))
		}
	}
}

/**
 * One line, in Spanish and in English, with what to run. In a container the path is the
 * one inside it; the operator runs the chown on the host folder mounted there.
 */
export function notWritableMessage(target: string): string {
	const uid = process.getuid?.()
	const gid = process.getgid?.()
	if (uid === undefined || gid === undefined) {
		return `Frasea no puede arrancar: no puede escribir en ${target}. / Frasea cannot start: it cannot write to ${target}.`
	}
	const chown = `chown -R ${uid}:${gid} ${target}`
	return (
		`Frasea no puede arrancar: el usuario con uid ${uid} no puede escribir en ${target}; ` +
		`ejecuta «${chown}» (con Docker, sobre la carpeta del anfitrión montada ahí). / ` +
		`Frasea cannot start: uid ${uid} cannot write to ${target}; ` +
		`run "${chown}" (with Docker, on the host folder mounted there).`
	)
}
