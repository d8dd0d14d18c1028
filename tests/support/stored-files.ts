import { existsSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { fileStore } from '~/storage/files.server'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'

/**
 * Uploads and avatars as the engine keeps them: files under DATA_DIR on SQLite, rows of
 * `stored_files` on PostgreSQL. Tests ask through these so one assertion holds on both.
 */

function keyOrThrow(key: string | null): string {
	if (!key) throw new Error('not a stored file key')
	return key
}

/** Whether the store holds `key` (on SQLite, whether the file exists). */
export async function storedFileExists(key: string | null) {
	const checked = keyOrThrow(key)
	if (getEnv().databaseEngine === 'sqlite') {
		return existsSync(path.join(getEnv().dataDir, checked))
	}
	return (await prisma.storedFile.count({ where: { key: checked } })) > 0
}

/** Stores `bytes` under `key`, written at `modifiedAt` (now by default). */
export async function putStoredFile(key: string | null, bytes = 'x', modifiedAt?: Date) {
	const checked = keyOrThrow(key)
	await fileStore().put(checked, Buffer.from(bytes), 'application/octet-stream')
	if (modifiedAt) await ageStoredFile(checked, modifiedAt)
	return checked
}

/** Makes a stored file look written at `modifiedAt` (what the orphan sweeps go by). */
export async function ageStoredFile(key: string | null, modifiedAt: Date) {
	const checked = keyOrThrow(key)
	if (getEnv().databaseEngine === 'sqlite') {
		utimesSync(path.join(getEnv().dataDir, checked), modifiedAt, modifiedAt)
	} else {
		await prisma.storedFile.update({ where: { key: checked }, data: { createdAt: modifiedAt } })
	}
}
