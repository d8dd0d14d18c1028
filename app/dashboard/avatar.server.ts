import { randomBytes } from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import { decodeLimiter } from '~/cards/upload.server'
import { UPLOAD_LIMIT_MESSAGES } from '~/cards/messages'
import { fileStore } from '~/storage/files.server'
import { QueueFullError } from '~/utils/concurrency.server'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { AVATAR_FILE, avatarIdFromUrl, avatarUrlFor } from './avatar-url'
import { AVATAR_MAX_BYTES } from './profile-forms'
import { profileMessages } from './profile-messages'

/**
 * Profile pictures. Every avatar is `avatars/{id}.webp` in the file store (DATA_DIR on
 * SQLite, the database on PostgreSQL) and the profile's `avatarUrl` (`/avatars/{id}.webp`)
 * is the only thing that points at it: a profile has at
 * most one, the previous file is deleted when it is replaced or removed, and a sweep
 * deletes files no profile points at (left by a crash between writing and recording).
 *
 * The format is read from the bytes (never the name or the declared type); the picture is
 * decoded under the upload decoder's concurrency limit and re-encoded as a square WebP,
 * which drops every bit of metadata (EXIF, GPS, ICC comments, XMP).
 */

/** Side of the stored square: sharp at 2x the largest place it is shown (the profile page). */
export const AVATAR_SIDE = 256
const AVATAR_QUALITY = 82
/** A 2 MB PNG can still decode to a huge canvas: refuse bombs before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** A file younger than this may be one being recorded right now: the sweep leaves it. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000
const SWEEP_INTERVAL_MS = 60 * 60 * 1000

export const AVATAR_ERRORS = {
	size: profileMessages.avatarTooLarge,
	format: profileMessages.avatarFormat,
	unreadable: profileMessages.avatarUnreadable,
	busy: UPLOAD_LIMIT_MESSAGES.busy,
} as const

export class AvatarError extends Error {
	constructor(readonly code: keyof typeof AVATAR_ERRORS) {
		super(AVATAR_ERRORS[code])
		this.name = 'AvatarError'
	}
}

export function avatarsDir(dataDir = getEnv().dataDir) {
	return path.join(dataDir, 'avatars')
}

/** An avatar's key in the file store, or null for anything that is not an avatar id. */
export function avatarKey(id: string): string | null {
	return AVATAR_FILE.test(`${id}.webp`) ? `avatars/${id}.webp` : null
}

/** The file of an avatar id on SQLite, or null for anything that is not one. */
export function avatarPath(id: string, dataDir?: string): string | null {
	if (!AVATAR_FILE.test(`${id}.webp`)) return null
	return path.join(avatarsDir(dataDir), `${id}.webp`)
}

/**
 * Checks an uploaded picture (size, then format from its bytes) and re-encodes it as a
 * square WebP without metadata, cropped to the centre. Throws AvatarError when refused.
 */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer> {
	if (bytes.byteLength >= AVATAR_MAX_BYTES) throw new AvatarError('size')
	if (bytes.byteLength === 0) throw new AvatarError('format')
	const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	try {
		return await decodeLimiter.run(async () => {
			let format: string | undefined
			try {
				const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
				format = metadata.width && metadata.height ? metadata.format : undefined
			} catch {
				format = undefined
			}
			if (!format || !ACCEPTED_FORMATS.has(format)) throw new AvatarError('format')
			try {
				// sharp keeps no metadata unless asked to (withMetadata / keepExif).
				return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
					.rotate()
					.resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
					.flatten({ background: '#ffffff' })
					.webp({ quality: AVATAR_QUALITY })
					.toBuffer()
			} catch {
				// Truncated or corrupt data behind a valid header, or past the pixel limit.
				throw new AvatarError('unreadable')
			}
		})
	} catch (error) {
		if (error instanceof QueueFullError) throw new AvatarError('busy')
		throw error
	}
}

/** Stores a processed avatar under a new random id; returns the id. */
export async function writeAvatarFile(webp: Buffer, dataDir?: string) {
	const id = randomBytes(16).toString('base64url')
	await fileStore(dataDir).put(avatarKey(id) as string, webp, 'image/webp')
	return id
}

export async function readAvatarFile(id: string, dataDir?: string) {
	const key = avatarKey(id)
	return key ? fileStore(dataDir).get(key) : null
}

/** Deletes the file behind an avatar address (ours only; anything else is ignored). */
export async function deleteAvatarFile(url: string | null | undefined, dataDir?: string) {
	const id = avatarIdFromUrl(url)
	const key = id ? avatarKey(id) : null
	if (key) await fileStore(dataDir).delete(key)
}

/**
 * Makes a processed picture the user's avatar: writes the file, points the profile at it
 * (with the other profile fields, in one update) and then deletes the previous file.
 * If recording fails the new file is deleted, so nothing is left behind.
 */
export async function replaceAvatar<T>(
	userId: string,
	webp: Buffer | null,
	update: (avatarUrl: string | undefined) => Promise<T>,
	dataDir?: string,
): Promise<T> {
	if (!webp) return update(undefined)
	const previous = await prisma.profile.findUnique({
		where: { id: userId },
		select: { avatarUrl: true },
	})
	const url = avatarUrlFor(await writeAvatarFile(webp, dataDir))
	let result: T
	try {
		result = await update(url)
	} catch (error) {
		await deleteAvatarFile(url, dataDir)
		throw error
	}
	if (previous?.avatarUrl !== url) await deleteAvatarFile(previous?.avatarUrl, dataDir)
	scheduleAvatarSweep()
	return result
}

/**
 * Removes the user's avatar: clears the profile's address, then deletes the file. For
 * account deletion too (call it before deleting the profile row).
 */
export async function removeAvatar(userId: string, dataDir?: string) {
	const profile = await prisma.profile.findUnique({
		where: { id: userId },
		select: { avatarUrl: true },
	})
	if (!profile?.avatarUrl) return false
	await prisma.profile.update({ where: { id: userId }, data: { avatarUrl: null } })
	await deleteAvatarFile(profile.avatarUrl, dataDir)
	return true
}

/**
 * Deletes avatar files that no profile points at, once they are an hour old (a crash
 * between writing a file and recording it, a deleted account whose file was missed).
 * Returns how many went.
 */
export async function sweepOrphanAvatars(now = new Date(), dataDir?: string) {
	const store = fileStore(dataDir)
	const before = new Date(now.getTime() - ORPHAN_AFTER_MS)
	const urlOf = (key: string) => {
		const id = AVATAR_FILE.exec(key.slice('avatars/'.length))?.[1]
		return id ? avatarUrlFor(id) : null
	}
	let removed = 0
	for await (const keys of store.listOlderThan('avatars', before, 500)) {
		const urls = keys.flatMap((key) => urlOf(key) ?? [])
		const known = new Set(
			(
				await prisma.profile.findMany({
					where: { avatarUrl: { in: urls } },
					select: { avatarUrl: true },
				})
			).map(({ avatarUrl }) => avatarUrl),
		)
		for (const key of keys) {
			const url = urlOf(key)
			if (url && known.has(url)) continue
			await store.delete(key)
			removed++
		}
	}
	return removed
}

let lastSweep = 0

/** Runs the orphan sweep at most hourly, after an avatar changes, in the background. */
function scheduleAvatarSweep(now = Date.now()) {
	if (now - lastSweep < SWEEP_INTERVAL_MS) return
	lastSweep = now
	void sweepOrphanAvatars().catch((error: unknown) => console.error(error))
}
