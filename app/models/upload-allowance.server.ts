import { UPLOAD_LIMIT_MESSAGES } from '~/cards/messages'
import { getEnv } from '~/utils/env.server'
import { addressKey, reserveDaily } from './quota.server'

/**
 * The daily upload allowance of a client address (UPLOAD_DAILY_LIMIT_IP, 40 by default).
 * The per-owner quotas (app/models/upload.server.ts) count per account or browser, and a
 * fresh cookie or a new account is free; an address is not. So every image kept on disk
 * (a card background, a profile photo) also takes one from its sender's address for the
 * day, whoever sends it. Counted in the database like the generation limits (per Spanish
 * day, IPv6 per /64 network), so every process shares it. Taken before the image is
 * decoded, given back when nothing was kept. Generator images are never stored, and count
 * only as generations.
 */

export type UploadReservation =
	{ ok: true; release: () => Promise<void> } | { ok: false; message: string }

export async function reserveUploadForAddress(
	clientAddress: string | undefined | null,
	now = new Date(),
): Promise<UploadReservation> {
	const limit = getEnv().UPLOAD_DAILY_LIMIT_IP
	const reservation = await reserveDaily(`upload:${addressKey(clientAddress)}`, limit, now)
	if (!reservation) return { ok: false, message: UPLOAD_LIMIT_MESSAGES.addressDaily(limit) }
	return { ok: true, release: reservation.release }
}
