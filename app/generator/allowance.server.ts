/** Who a generation is charged to, and what the page says about today's allowance. */
import { getAllowance, type QuotaSubject } from '~/models/quota.server'
import { type QuotaInfo } from './view'

/** The account when signed in, else the browser's visitor id. */
export function quotaSubject(userId: string | null, visitorId: string | null): QuotaSubject | null {
	if (userId) return { kind: 'user', id: userId }
	if (visitorId) return { kind: 'visitor', id: visitorId }
	return null
}

export async function quotaInfo(
	userId: string | null,
	visitorId: string | null,
	clientAddress: string | undefined,
	options: { offline: boolean },
): Promise<QuotaInfo> {
	const subject = quotaSubject(userId, visitorId) ?? { kind: 'visitor', id: 'none' }
	// The offline engine bills nothing, so the ceiling on provider calls does not apply.
	const { limit, remaining, scope } = await getAllowance(subject, clientAddress, {
		providerCalls: !options.offline,
	})
	return { limit, remaining, scope, signedIn: Boolean(userId) }
}
