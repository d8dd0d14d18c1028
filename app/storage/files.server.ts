import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type PrismaClient } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'

/**
 * Where uploaded backgrounds and avatars keep their bytes. A key is the file's path under
 * DATA_DIR (`uploads/{id}.jpg`, `avatars/{id}.webp`). On SQLite they are those files, as
 * they always were, so existing installs keep theirs; on PostgreSQL they are rows of
 * `stored_files`, so any app process serves what another one stored and no process needs
 * a shared disk. Blobs are kept out of SQLite on purpose: its file would grow with them.
 */

export type FileArea = 'uploads' | 'avatars'

export interface FileStore {
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
	get(key: string): Promise<Buffer<ArrayBuffer> | null>
	has(key: string): Promise<boolean>
	delete(key: string): Promise<void>
	/**
	 * Every key of an area last written before `before`, in pages of at most `pageSize`.
	 * On SQLite that includes leftovers that are not well-formed keys (temporary files).
	 */
	listOlderThan(area: FileArea, before: Date, pageSize: number): AsyncIterable<string[]>
}

// A key names one file directly inside its area: nothing that could climb out of it.
const KEY = /^(uploads|avatars)\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

function checkedKey(key: string) {
	if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a stored file key: ${key}`)
	return key
}

/** The SQLite layout: files under DATA_DIR, written through a temporary file and a rename. */
export function directoryStore(dataDir: string): FileStore {
	const fileOf = (key: string) => path.join(dataDir, checkedKey(key))
	return {
		async put(key, bytes) {
			const file = fileOf(key)
			await mkdir(path.dirname(file), { recursive: true })
			const temporary = `${file}.tmp`
			await writeFile(temporary, bytes)
			await rename(temporary, file)
		},
		get: (key) => readFile(fileOf(key)).catch(() => null),
		has: (key) =>
			stat(fileOf(key)).then(
				(info) => info.isFile(),
				() => false,
			),
		delete: (key) => rm(fileOf(key), { force: true }),
		async *listOlderThan(area, before, pageSize) {
			const dir = path.join(dataDir, area)
			const names = await readdir(dir).catch(() => [] as string[])
			for (let start = 0; start < names.length; start += pageSize) {
				const page: string[] = []
				for (const name of names.slice(start, start + pageSize)) {
					const key = `${area}/${name}`
					if (!KEY.test(key)) continue
					const info = await stat(path.join(dir, name)).catch(() => null)
					if (info?.isFile() && info.mtimeMs < before.getTime()) page.push(key)
				}
				if (page.length > 0) yield page
			}
		},
	}
}

type StoredFileDb = Pick<PrismaClient, 'storedFile'>

/** The PostgreSQL layout: one row per file in `stored_files`. */
export function databaseStore(db: StoredFileDb = prisma): FileStore {
	return {
		async put(key, bytes, contentType) {
			const data = { contentType, bytes: new Uint8Array(bytes), size: bytes.byteLength }
			await db.storedFile.upsert({
				where: { key: checkedKey(key) },
				create: { key, ...data },
				update: { ...data, createdAt: new Date() },
			})
		},
		async get(key) {
			const row = await db.storedFile.findUnique({
				where: { key: checkedKey(key) },
				select: { bytes: true },
			})
			return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null
		},
		has: async (key) => (await db.storedFile.count({ where: { key: checkedKey(key) } })) > 0,
		async delete(key) {
			await db.storedFile.deleteMany({ where: { key: checkedKey(key) } })
		},
		async *listOlderThan(area, before, pageSize) {
			// Keyset pagination: the caller may delete what it was given before asking again.
			let after = `${area}/`
			for (;;) {
				const rows = await db.storedFile.findMany({
					where: { key: { gt: after, startsWith: `${area}/` }, createdAt: { lt: before } },
					select: { key: true },
					orderBy: { key: 'asc' },
					take: pageSize,
				})
				if (rows.length === 0) return
				yield rows.map(({ key }) => key)
				if (rows.length < pageSize) return
				after = (rows.at(-1) as { key: string }).key
			}
		},
	}
}

/**
 * The store of the engine in use. `dataDir` only matters on SQLite (tests point it at a
 * folder of their own); on PostgreSQL the files are in the database.
 */
export function fileStore(dataDir?: string): FileStore {
	if (getEnv().databaseEngine === 'postgresql') return databaseStore()
	return directoryStore(dataDir ?? getEnv().dataDir)
}

const COPIED_AREAS: Array<{ area: FileArea; name: RegExp; contentType: string }> = [
	{ area: 'uploads', name: /^[A-Za-z0-9_-]{22}\.jpg$/, contentType: 'image/jpeg' },
	{ area: 'avatars', name: /^[A-Za-z0-9_-]{22}\.webp$/, contentType: 'image/webp' },
]

/**
 * Copies the uploads and avatars of a SQLite install's DATA_DIR into a database's
 * `stored_files`, keeping each file's modification time (expiry and orphan sweeps count
 * from it). Files already there are left as they are, so it can run again after a failure;
 * temporary leftovers are skipped. One file in memory at a time.
 */
export async function copyDataDirFilesToDatabase(dataDir: string, db: StoredFileDb) {
	let copied = 0
	let skipped = 0
	for (const { area, name: pattern, contentType } of COPIED_AREAS) {
		const dir = path.join(dataDir, area)
		const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
			pattern.test(name),
		)
		for (const name of names) {
			const key = `${area}/${name}`
			if ((await db.storedFile.count({ where: { key } })) > 0) {
				skipped++
				continue
			}
			const file = path.join(dir, name)
			const info = await stat(file).catch(() => null)
			if (!info?.isFile()) continue
			const bytes = await readFile(file)
			await db.storedFile.create({
				data: {
					key,
					contentType,
					bytes: new Uint8Array(bytes),
					size: bytes.byteLength,
					createdAt: info.mtime,
				},
			})
			copied++
		}
	}
	return { copied, skipped }
}
