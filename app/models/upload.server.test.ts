import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { withClock } from '../../tests/support/clock'
import { ageStoredFile, putStoredFile, storedFileExists } from '../../tests/support/stored-files'
import { PURGE_BATCH, UPLOAD_LIFETIME, UPLOAD_QUOTA } from '~/cards/limits'
import {
	decodeLimiter,
	type StoredUpload,
	storeUpload,
	UploadError,
	uploadKey,
} from '~/cards/upload.server'
import { prisma } from '~/utils/db.server'
import * as uploads from './upload.server'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
let counter = 0

/** A fake stored upload of `bytes` (the quota counts the stored size), with its file. */
async function fakeStored(bytes = 1000): Promise<StoredUpload> {
	const id = `prueba${String(++counter).padStart(16, '0')}`
	await putStoredFile(uploadKey(id))
	return {
		id,
		width: 10,
		height: 10,
		bytes,
		mimeType: 'image/jpeg',
		originalBytes: bytes,
		originalFormat: 'png',
	}
}

async function newUser() {
	const profile = await prisma.profile.create({
		data: { email: `u${++counter}@frasea.test`, name: 'Prueba' },
	})
	return { userId: profile.id, visitorId: null }
}

/** A row written straight to the database, `age` old, expiring `expiresIn` from `now`. */
function uploadRow(
	id: string,
	owner: { userId: string } | { visitorId: string },
	now: Date,
	{ age, expiresIn }: { age: number; expiresIn: number | null },
) {
	return {
		id,
		...owner,
		kind: 'background',
		mimeType: 'image/jpeg',
		width: 10,
		height: 10,
		bytes: 1,
		fileName: 'f.png',
		createdAt: new Date(now.getTime() - age),
		expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn),
	}
}

const anonymous = () => ({ userId: null, visitorId: `visitante-${++counter}-abcdefghijkl` })

describe('per-owner upload quota (attack 8)', () => {
	test('an anonymous browser keeps at most its quota of files', async () => {
		const viewer = anonymous()
		for (let i = 0; i < UPLOAD_QUOTA.anonymous.files; i++) {
			await uploads.recordUpload(await fakeStored(), { viewer, fileName: 'f.png' })
		}
		expect((await uploads.checkUploadQuota(viewer)).allowed).toBe(false)
		const extra = await fakeStored()
		await expect(uploads.recordUpload(extra, { viewer, fileName: 'f.png' })).rejects.toBeInstanceOf(
			uploads.UploadQuotaError,
		)
		expect(await prisma.upload.count({ where: { visitorId: viewer.visitorId } })).toBe(
			UPLOAD_QUOTA.anonymous.files,
		)
		// Replacing one of them (a card's background swapped) still works at the limit.
		const [first] = await prisma.upload.findMany({ where: { visitorId: viewer.visitorId } })
		expect((await uploads.checkUploadQuota(viewer, { replacing: first?.id })).allowed).toBe(true)
		// Another browser is not affected.
		expect((await uploads.checkUploadQuota(anonymous())).allowed).toBe(true)
	})

	test('bytes count too, and accounts have their own, larger quota', async () => {
		const viewer = anonymous()
		await uploads.recordUpload(await fakeStored(UPLOAD_QUOTA.anonymous.bytes - 500), {
			viewer,
			fileName: 'grande.png',
		})
		expect((await uploads.checkUploadQuota(viewer, { addBytes: 500 })).allowed).toBe(true)
		await expect(
			uploads.recordUpload(await fakeStored(501), { viewer, fileName: 'f.png' }),
		).rejects.toBeInstanceOf(uploads.UploadQuotaError)

		const user = await newUser()
		const usage = await uploads.checkUploadQuota(user, { addBytes: UPLOAD_QUOTA.anonymous.bytes })
		expect(usage.allowed).toBe(true)
		expect(usage.quota).toEqual(UPLOAD_QUOTA.user)
		expect(UPLOAD_QUOTA.user.files).toBeGreaterThan(UPLOAD_QUOTA.anonymous.files)
	})

	test('expired uploads no longer count', async () => {
		const viewer = anonymous()
		const old = new Date(Date.now() - 2 * DAY)
		for (let i = 0; i < UPLOAD_QUOTA.anonymous.files; i++) {
			await uploads.recordUpload(await fakeStored(), { viewer, fileName: 'f.png', now: old })
		}
		expect((await uploads.checkUploadQuota(viewer)).allowed).toBe(true)
	})
})

describe('every upload expires', () => {
	test("an account's upload lasts 30 days from its last use; a use moves that on, at most daily", async () => {
		const user = await newUser()
		const start = new Date('2026-01-01T00:00:00Z')
		const stored = await fakeStored()
		const row = await uploads.recordUpload(stored, { viewer: user, fileName: 'f.png', now: start })
		expect(row.expiresAt?.getTime()).toBe(start.getTime() + UPLOAD_LIFETIME.userMs)

		const hourLater = new Date(start.getTime() + 60 * 60 * 1000)
		await uploads.getUploadForViewer(stored.id, user, hourLater)
		let saved = await prisma.upload.findUnique({ where: { id: stored.id } })
		expect(saved?.expiresAt?.getTime()).toBe(start.getTime() + UPLOAD_LIFETIME.userMs)

		const tenDaysLater = new Date(start.getTime() + 10 * DAY)
		await uploads.getUploadForViewer(stored.id, user, tenDaysLater)
		saved = await prisma.upload.findUnique({ where: { id: stored.id } })
		expect(saved?.expiresAt?.getTime()).toBe(tenDaysLater.getTime() + UPLOAD_LIFETIME.userMs)

		// Unused for longer than that: gone for its owner, and purged.
		const muchLater = new Date(tenDaysLater.getTime() + UPLOAD_LIFETIME.userMs + 1000)
		expect(await uploads.getUploadForViewer(stored.id, user, muchLater)).toBeNull()
		await uploads.purgeExpiredUploads(muchLater)
		expect(await prisma.upload.findUnique({ where: { id: stored.id } })).toBeNull()
		expect(await storedFileExists(uploadKey(stored.id))).toBe(false)
	})

	test('an anonymous upload goes 24 hours after it was sent, however often it is used: hidden, then its file and row purged', async () => {
		const viewer = anonymous()
		const start = new Date('2026-02-01T00:00:00Z')
		const after = (ms: number) => new Date(start.getTime() + ms)
		const stored = await fakeStored()
		await uploads.recordUpload(stored, { viewer, fileName: 'f.png', now: start })
		// Used on a page 20 hours on: that does not make it last longer.
		expect(await uploads.getUploadForViewer(stored.id, viewer, after(20 * HOUR))).not.toBeNull()
		const saved = await prisma.upload.findUnique({ where: { id: stored.id } })
		expect(saved?.expiresAt?.getTime()).toBe(start.getTime() + 24 * HOUR)

		// Its last second: still shown, and a purge then keeps it.
		expect(
			await uploads.getUploadForViewer(stored.id, viewer, after(24 * HOUR - 1000)),
		).not.toBeNull()
		await uploads.purgeExpiredUploads(after(24 * HOUR - 1000))
		expect(await prisma.upload.findUnique({ where: { id: stored.id } })).not.toBeNull()
		expect(await storedFileExists(uploadKey(stored.id))).toBe(true)

		// 24 hours on: no longer shown, and the purge removes the file and the row.
		expect(await uploads.getUploadForViewer(stored.id, viewer, after(24 * HOUR))).toBeNull()
		await uploads.purgeExpiredUploads(after(24 * HOUR))
		expect(await prisma.upload.findUnique({ where: { id: stored.id } })).toBeNull()
		expect(await storedFileExists(uploadKey(stored.id))).toBe(false)
	})

	test('the scheduled purge (run on upload and card pages) does that deletion by itself', async () => {
		const viewer = anonymous()
		const stored = await fakeStored()
		const sent = Date.parse('2026-03-01T10:00:00Z')
		await uploads.recordUpload(stored, { viewer, fileName: 'f.png', now: new Date(sent) })
		await withClock(async (setNow) => {
			setNow(sent + 24 * HOUR)
			uploads.schedulePurge()
			await vi.waitFor(async () => {
				expect(await prisma.upload.findUnique({ where: { id: stored.id } })).toBeNull()
				expect(await storedFileExists(uploadKey(stored.id))).toBe(false)
			}, 10_000)
		})
	})
})

describe('the purge keeps up', () => {
	test('one run deletes every expired upload, rows and files, in rounds, and nothing else', async () => {
		const now = new Date()
		// Left by the tests above.
		await uploads.purgeExpiredUploads(now)
		const expiredCount = PURGE_BATCH * 2 + 37
		const expired: StoredUpload[] = []
		for (let i = 0; i < expiredCount; i++) expired.push(await fakeStored())
		await prisma.upload.createMany({
			data: expired.map((stored) =>
				uploadRow(stored.id, { visitorId: 'visitante-purga-abcdefghijkl' }, now, {
					age: 2 * DAY,
					expiresIn: -DAY,
				}),
			),
		})
		// An account upload from before expiries existed (no expiresAt), older than 30 days.
		const user = await newUser()
		const legacy = await fakeStored()
		await prisma.upload.create({
			data: uploadRow(legacy.id, { userId: user.userId }, now, { age: 40 * DAY, expiresIn: null }),
		})
		const fresh = await fakeStored()
		await uploads.recordUpload(fresh, { viewer: anonymous(), fileName: 'f.png', now })

		expect(await uploads.purgeExpiredUploads(now)).toBe(expiredCount + 1)
		expect(await prisma.upload.count({ where: { expiresAt: { lte: now } } })).toBe(0)
		expect(await prisma.upload.findUnique({ where: { id: legacy.id } })).toBeNull()
		for (const stored of [...expired, legacy]) {
			expect(await storedFileExists(uploadKey(stored.id))).toBe(false)
		}
		expect(await storedFileExists(uploadKey(fresh.id))).toBe(true)
		expect(await prisma.upload.findUnique({ where: { id: fresh.id } })).not.toBeNull()
	})

	test('files no row knows are deleted once an hour old; recorded and recent ones stay', async () => {
		const now = new Date()
		const old = new Date(now.getTime() - UPLOAD_LIFETIME.orphanAfterMs - 1000)
		const orphan = await putStoredFile('uploads/huerfanoaaaaaaaaaaaaaaa.jpg', 'x', old)
		const leftover = await putStoredFile('uploads/huerfanobbbbbbbbbbbbbbb.jpg.tmp', 'x', old)
		const recent = await putStoredFile('uploads/recientecccccccccccccc.jpg')
		const kept = await fakeStored()
		await uploads.recordUpload(kept, { viewer: anonymous(), fileName: 'f.png', now })
		await ageStoredFile(uploadKey(kept.id), old)

		expect(await uploads.purgeOrphanUploadFiles(now)).toBe(2)
		expect(await storedFileExists(orphan)).toBe(false)
		expect(await storedFileExists(leftover)).toBe(false)
		expect(await storedFileExists(recent)).toBe(true)
		expect(await storedFileExists(uploadKey(kept.id))).toBe(true)
	})
})

test('image decoding runs under a limit: a full queue refuses with "busy", not an error', async () => {
	const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
		.png()
		.toBuffer()
	let release: () => void = () => undefined
	const blocked = new Promise<void>((resolve) => (release = resolve))
	const hogs = Array.from({ length: decodeLimiter.concurrency + decodeLimiter.maxQueue }, () =>
		decodeLimiter.run(() => blocked),
	)
	try {
		const refused = await storeUpload(png).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(UploadError)
		expect((refused as InstanceType<typeof UploadError>).code).toBe('busy')
	} finally {
		release()
		await Promise.all(hogs)
	}
	expect((await storeUpload(png)).width).toBe(20)
})
