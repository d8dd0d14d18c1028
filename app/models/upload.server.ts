import { deleteUpload, type StoredUpload } from '~/cards/upload.server'
import { prisma } from '~/utils/db.server'
import { type Viewer } from './batch.server'

/**
 * Upload rows: who may see an uploaded background. The file itself is upload.server.ts's.
 * An upload belongs to the account that sent it, or (signed out) to the browser's visitor
 * cookie; anonymous uploads expire after 24 hours and are then deleted, files and rows.
 */

export const ANONYMOUS_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000
const PURGE_INTERVAL_MS = 60 * 60 * 1000

/** Keeps the original name for the record only (never used as a path), shortened. */
export function cleanFileName(name: string | undefined | null): string {
	const base = (name ?? '').split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
	return [...cleaned].slice(0, 120).join('') || 'fondo'
}

export async function recordUpload(
	stored: StoredUpload,
	{ viewer, fileName, now = new Date() }: { viewer: Viewer; fileName: string; now?: Date },
) {
	if (!viewer.userId && !viewer.visitorId) throw new Error('An upload needs an owner')
	return prisma.upload.create({
		data: {
			id: stored.id,
			userId: viewer.userId,
			visitorId: viewer.userId ? null : viewer.visitorId,
			kind: 'background',
			mimeType: stored.mimeType,
			width: stored.width,
			height: stored.height,
			bytes: stored.bytes,
			fileName: cleanFileName(fileName),
			createdAt: now,
			expiresAt: viewer.userId ? null : new Date(now.getTime() + ANONYMOUS_UPLOAD_LIFETIME_MS),
		},
	})
}

/** The upload row if this viewer sent it and it has not expired; otherwise null. */
export async function getUploadForViewer(id: string, viewer: Viewer, now = new Date()) {
	const owners = []
	if (viewer.userId) owners.push({ userId: viewer.userId })
	if (viewer.visitorId) owners.push({ userId: null, visitorId: viewer.visitorId })
	if (owners.length === 0 || id.length > 64) return null
	return prisma.upload.findFirst({
		where: {
			id,
			kind: 'background',
			OR: owners,
			AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }],
		},
	})
}

/** Deletes the viewer's upload (row and file); false when it is not theirs. */
export async function deleteUploadForViewer(id: string, viewer: Viewer, dataDir?: string) {
	const upload = await getUploadForViewer(id, viewer)
	if (!upload) return false
	await prisma.upload.delete({ where: { id } })
	await deleteUpload(id, { dataDir })
	return true
}

/** Deletes expired uploads, their files first; returns how many went. */
export async function purgeExpiredUploads(now = new Date(), dataDir?: string) {
	const expired = await prisma.upload.findMany({
		where: { expiresAt: { lte: now } },
		select: { id: true },
		take: 500,
	})
	for (const { id } of expired) await deleteUpload(id, { dataDir })
	if (expired.length > 0) {
		await prisma.upload.deleteMany({ where: { id: { in: expired.map(({ id }) => id) } } })
	}
	return expired.length
}

let lastPurge = 0
let timer: ReturnType<typeof setInterval> | undefined

/**
 * Purges expired uploads at most hourly: called on every upload, and an hourly timer
 * (started by the first call, never keeping the process alive) covers quiet periods.
 */
export function schedulePurge(now = Date.now()) {
	timer ??= setInterval(() => schedulePurge(), PURGE_INTERVAL_MS)
	timer.unref?.()
	if (now - lastPurge < PURGE_INTERVAL_MS) return
	lastPurge = now
	void purgeExpiredUploads().catch((error: unknown) => console.error(error))
}
