/**
 * With PostgreSQL, uploads and avatars live in the database: what one process stores,
 * another reads (checked here through a connection of its own), and nothing is written
 * under DATA_DIR. A SQLite install's files can be copied in, more than once.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pgQuery } from '../../tests/support/postgres'
import sharp from 'sharp'
import { afterAll, expect, test } from 'vitest'
import { readUpload, storeUpload } from '~/cards/upload.server'
import { processAvatar, readAvatarFile, writeAvatarFile } from '~/dashboard/avatar.server'
import { loader as avatarLoader } from '~/routes/avatars.$file'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { copyDataDirFilesToDatabase, fileStore } from './files.server'

const png = (width = 64, height = 48) =>
	sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
		.png()
		.toBuffer()

/** The bytes under `key`, read by another connection than the app's (another process). */
async function bytesSeenElsewhere(key: string) {
	const [row] = await pgQuery<{ bytes: Buffer; content_type: string; size: number }>(
		process.env.DATABASE_URL ?? '',
		'SELECT bytes, content_type, size FROM stored_files WHERE key = $1',
		[key],
	)
	return row ?? null
}

const dataDirEntries = () =>
	['uploads', 'avatars'].filter((area) => existsSync(path.join(getEnv().dataDir, area)))

test('an uploaded background is stored in the database and read back from it', async () => {
	const stored = await storeUpload(await png())
	const row = await bytesSeenElsewhere(`uploads/${stored.id}.jpg`)
	expect(row).toMatchObject({ content_type: 'image/jpeg', size: stored.bytes })
	expect(await readUpload(stored.id)).toEqual(row?.bytes)
	expect((await sharp(row?.bytes).metadata()).format).toBe('jpeg')
	expect(dataDirEntries()).toEqual([])
})

test('an avatar is stored in the database and served from it', async () => {
	const id = await writeAvatarFile(await processAvatar(await png(300, 200)))
	const row = await bytesSeenElsewhere(`avatars/${id}.webp`)
	expect(row).toMatchObject({ content_type: 'image/webp' })
	expect(await readAvatarFile(id)).toEqual(row?.bytes)

	const served = await avatarLoader({ params: { file: `${id}.webp` } } as never)
	expect(served.status).toBe(200)
	expect(Buffer.from(await served.arrayBuffer())).toEqual(row?.bytes)
	expect(dataDirEntries()).toEqual([])
})

test('keys never name anything but one file of an area', async () => {
	for (const key of ['uploads/../frasea.db', '../uploads/x.jpg', 'otros/x.jpg', 'uploads/']) {
		await expect(fileStore().get(key), key).rejects.toThrow()
	}
})

const copied = mkdtempSync(path.join(tmpdir(), 'frasea-copy-'))
afterAll(() => rmSync(copied, { recursive: true, force: true }))

test("a SQLite install's uploads and avatars are copied into the database, once", async () => {
	const uploadId = randomBytes(16).toString('base64url')
	const avatarId = randomBytes(16).toString('base64url')
	mkdirSync(path.join(copied, 'uploads'))
	mkdirSync(path.join(copied, 'avatars'))
	const uploadFile = path.join(copied, 'uploads', `${uploadId}.jpg`)
	const avatarFile = path.join(copied, 'avatars', `${avatarId}.webp`)
	writeFileSync(uploadFile, 'fondo')
	writeFileSync(avatarFile, 'cara')
	// Leftovers of an interrupted write and names that are not ours stay behind.
	writeFileSync(path.join(copied, 'uploads', `${uploadId}.jpg.tmp`), 'a medias')
	writeFileSync(path.join(copied, 'avatars', 'notas.txt'), 'nada')
	const written = new Date('2026-05-01T10:00:00Z')
	utimesSync(uploadFile, written, written)

	expect(await copyDataDirFilesToDatabase(copied, prisma)).toEqual({ copied: 2, skipped: 0 })
	expect(await copyDataDirFilesToDatabase(copied, prisma)).toEqual({ copied: 0, skipped: 2 })

	const upload = await prisma.storedFile.findUniqueOrThrow({
		where: { key: `uploads/${uploadId}.jpg` },
	})
	expect(upload).toMatchObject({ contentType: 'image/jpeg', size: 5, createdAt: written })
	expect(await readUpload(uploadId)).toEqual(Buffer.from('fondo'))
	expect(await readAvatarFile(avatarId)).toEqual(Buffer.from('cara'))
	expect(await prisma.storedFile.count({ where: { key: { contains: '.tmp' } } })).toBe(0)
	expect(await prisma.storedFile.count({ where: { key: { contains: 'notas' } } })).toBe(0)
})
