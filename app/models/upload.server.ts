import { PURGE_BATCH, UPLOAD_LIFETIME, UPLOAD_QUOTA } from '~/cards/limits'
import { deleteUpload, uploadIdOfKey, type StoredUpload } from '~/cards/upload.server'
import { fileStore } from '~/storage/files.server'
import { prisma } from '~/utils/db.server'
import { type Viewer } from './batch.server'

/**
 * Upload rows: who may see an uploaded background. Its bytes are upload.server.ts's.
 * An upload belongs to the account that sent it, or (signed out) to the browser's visitor
 * cookie. Nothing in the database points at an upload (the card state lives in the URL),
 * so every upload expires: anonymous ones 24 hours after they were sent, an account's 30
 * days after it was last used. The purge then deletes files and rows. Each owner keeps at
 * most UPLOAD_QUOTA files and bytes.
 */

const ANONYMOUS_UPLOAD_LIFETIME_MS = UPLOAD_LIFETIME.anonymousMs
const USER_UPLOAD_LIFETIME_MS = UPLOAD_LIFETIME.userMs
const PURGE_INTERVAL_MS = 60 * 60 * 1000

/** Keeps the original name for the record only (never used as a path), shortened. */
function cleanFileName(name: string | undefined | null): string {
	const base = (name ?? '').split(/[\\/]/).pop() ?? ''
	// eslint-disable-next-line no-control-regex
	const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
	return [...cleaned].slice(0, 120).join('') || 'fondo'
}

/** Rows this viewer may see and remove: the account's, and this browser's anonymous ones. */
function viewerOwners(viewer: Viewer) {
	const owners: Array<{ userId: string } | { userId: null; visitorId: string }> = []
	if (viewer.userId) owners.push({ userId: viewer.userId })
	if (viewer.visitorId) owners.push({ userId: null, visitorId: viewer.visitorId })
	return owners
}

/** Whose quota a new upload counts against: the account, else the browser. */
function ownerWhere(viewer: Viewer) {
	if (viewer.userId) return { userId: viewer.userId }
	if (viewer.visitorId) return { userId: null, visitorId: viewer.visitorId }
	return null
}

function notExpired(now: Date) {
	return { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
}

export class UploadQuotaError extends Error {
	constructor(readonly signedIn: boolean) {
		super('Upload quota reached')
		this.name = 'UploadQuotaError'
	}
}

type Db = Pick<typeof prisma, 'upload'>

/**
 * Whether the owner may keep `addBytes` more in one more file. `replacing` is an upload of
 * theirs that goes once this one is stored, so swapping a card's background at the limit
 * still works.
 */
export async function checkUploadQuota(
	viewer: Viewer,
	{
		addBytes = 0,
		replacing,
		now = new Date(),
		db = prisma,
	}: { addBytes?: number; replacing?: string; now?: Date; db?: Db } = {},
) {
	const owner = ownerWhere(viewer)
	if (!owner) throw new Error('An upload needs an owner')
	const quota = viewer.userId ? UPLOAD_QUOTA.user : UPLOAD_QUOTA.anonymous
	const usage = await db.upload.aggregate({
		where: {
			...owner,
			...notExpired(now),
			...(replacing ? { id: { not: replacing } } : {}),
		},
		_count: { _all: true },
		_sum: { bytes: true },
	})
	const files = usage._count._all
	const bytes = usage._sum.bytes ?? 0
	return {
		allowed: files + 1 <= quota.files && bytes + addBytes <= quota.bytes,
		files,
		bytes,
		quota,
	}
}

function expiryFor(viewer: Viewer, now: Date) {
	return new Date(
		now.getTime() + (viewer.userId ? USER_UPLOAD_LIFETIME_MS : ANONYMOUS_UPLOAD_LIFETIME_MS),
	)
}

/**
 * Records a stored upload for its owner, checking the quota in the same transaction so two
 * uploads at once cannot both squeeze past it. Throws UploadQuotaError when it is full (the
 * caller deletes the file).
 */
export async function recordUpload(
	stored: StoredUpload,
	{
		viewer,
		fileName,
		replacing,
		now = new Date(),
	}: { viewer: Viewer; fileName: string; replacing?: string; now?: Date },
) {
	if (!viewer.userId && !viewer.visitorId) throw new Error('An upload needs an owner')
	return prisma.$transaction(async (tx) => {
		const usage = await checkUploadQuota(viewer, {
			addBytes: stored.bytes,
			replacing,
			now,
			db: tx,
		})
		if (!usage.allowed) throw new UploadQuotaError(Boolean(viewer.userId))
		return tx.upload.create({
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
				expiresAt: expiryFor(viewer, now),
			},
		})
	})
}

/**
 * The upload row if this viewer sent it and it has not expired; otherwise null. Looking an
 * account's upload up is using it: its expiry moves to 30 days from now (written at most
 * once a day).
 */
export async function getUploadForViewer(id: string, viewer: Viewer, now = new Date()) {
	const owners = viewerOwners(viewer)
	if (owners.length === 0 || id.length > 64) return null
	const upload = await prisma.upload.findFirst({
		where: { id, kind: 'background', OR: owners, AND: [notExpired(now)] },
	})
	if (upload?.userId) {
		const refreshed = new Date(now.getTime() + USER_UPLOAD_LIFETIME_MS)
		const due = refreshed.getTime() - UPLOAD_LIFETIME.refreshAfterMs
		if (!upload.expiresAt || upload.expiresAt.getTime() < due) {
			await prisma.upload.update({ where: { id }, data: { expiresAt: refreshed } })
			upload.expiresAt = refreshed
		}
	}
	return upload
}

/** Deletes the viewer's upload (row and file); false when it is not theirs. */
export async function deleteUploadForViewer(id: string, viewer: Viewer, dataDir?: string) {
	const owners = viewerOwners(viewer)
	if (owners.length === 0 || id.length > 64) return false
	const { count } = await prisma.upload.deleteMany({ where: { id, OR: owners } })
	if (count === 0) return false
	await deleteUpload(id, { dataDir })
	return true
}

/** Rows past their expiry; account rows from before expiries existed count from creation. */
function expiredWhere(now: Date) {
	return {
		OR: [
			{ expiresAt: { lte: now } },
			{ expiresAt: null, createdAt: { lte: new Date(now.getTime() - USER_UPLOAD_LIFETIME_MS) } },
		],
	}
}

/**
 * Deletes every expired upload, files first, in rounds of PURGE_BATCH until none is left
 * (a backlog never outgrows the hourly run); returns how many went.
 */
export async function purgeExpiredUploads(now = new Date(), dataDir?: string) {
	let total = 0
	for (;;) {
		const expired = await prisma.upload.findMany({
			where: expiredWhere(now),
			select: { id: true },
			take: PURGE_BATCH,
		})
		if (expired.length === 0) break
		for (const { id } of expired) await deleteUpload(id, { dataDir })
		await prisma.upload.deleteMany({ where: { id: { in: expired.map(({ id }) => id) } } })
		total += expired.length
		if (expired.length < PURGE_BATCH) break
	}
	return total
}

/**
 * Deletes stored upload files that no row knows (a crash between storing a file and
 * recording it, a refused upload, a temporary file), once they are an hour old so an
 * upload being recorded right now is left alone. Returns how many went.
 */
export async function purgeOrphanUploadFiles(now = new Date(), dataDir?: string) {
	const store = fileStore(dataDir)
	const before = new Date(now.getTime() - UPLOAD_LIFETIME.orphanAfterMs)
	let removed = 0
	for await (const keys of store.listOlderThan('uploads', before, PURGE_BATCH)) {
		const ids = keys.flatMap((key) => uploadIdOfKey(key) ?? [])
		const known = new Set(
			(await prisma.upload.findMany({ where: { id: { in: ids } }, select: { id: true } })).map(
				({ id }) => id,
			),
		)
		for (const key of keys) {
			const id = uploadIdOfKey(key)
			if (id && known.has(id)) continue
			await store.delete(key)
			removed++
		}
	}
	return removed
}

let lastPurge = 0
let timer: ReturnType<typeof setInterval> | undefined

/**
 * Purges expired uploads and orphan files at most hourly: called on every upload and page
 * of cards, and an hourly timer (started by the first call, never keeping the process
 * alive) covers quiet periods.
 */
export function schedulePurge(now = Date.now()) {
	timer ??= setInterval(() => schedulePurge(), PURGE_INTERVAL_MS)
	timer.unref?.()
	if (now - lastPurge < PURGE_INTERVAL_MS) return
	lastPurge = now
	void purgeExpiredUploads()
		.then(() => purgeOrphanUploadFiles())
		.catch((error: unknown) => console.error(error))
}
