import { createHmac, timingSafeEqual } from 'node:crypto'
import { appOrigin } from '~/auth/request.server'
import { getSessionSecrets } from '~/utils/env.server'
import { TOPIC_SLUG, topicFromSlug, type Topic } from './topics'
import { UNSUBSCRIBE_PATH } from './unsubscribe-path'

/**
 * One-click unsubscribe (RFC 8058). Every bulk mail carries a link to UNSUBSCRIBE_PATH with a
 * token naming one account and one topic, signed with an HMAC keyed from the session secret
 * (never equal to it). A POST to the link turns that topic off without signing in; the token
 * is the only credential, it can do nothing else, and it never expires (a mail read months
 * later must still work). It stops working only when every session secret it was signed
 * with has been rotated away.
 */

const KEY_CONTEXT = 'frasea unsubscribe v1'
/** 128 bits of HMAC-SHA256, base64url. */
const SIGNATURE_BYTES = 16

function signature(secret: string, userId: string, topic: Topic) {
	const key = createHmac('sha256', secret).update(KEY_CONTEXT).digest()
	return createHmac('sha256', key)
		.update(`${userId}\n${TOPIC_SLUG[topic]}`)
		.digest()
		.subarray(0, SIGNATURE_BYTES)
}

/** `<user id>.<topic>.<signature>`, signed with the newest secret. */
export function unsubscribeToken(
	userId: string,
	topic: Topic,
	secret = getSessionSecrets()[0] ?? '',
) {
	return `${userId}.${TOPIC_SLUG[topic]}.${signature(secret, userId, topic).toString('base64url')}`
}

/** The account and topic a token was signed for, or null for anything else. */
export function readUnsubscribeToken(
	token: string | null | undefined,
): { userId: string; topic: Topic } | null {
	const parts = (token ?? '').split('.')
	if (parts.length !== 3) return null
	const [userId = '', slug, given = ''] = parts
	const topic = topicFromSlug(slug)
	const provided = Buffer.from(given, 'base64url')
	if (!topic || !/^[\w-]{1,64}$/.test(userId)) return null
	// One spelling per signature: no padding or stray characters.
	if (provided.byteLength !== SIGNATURE_BYTES || provided.toString('base64url') !== given)
		return null
	const valid = getSessionSecrets().some((secret) =>
		timingSafeEqual(signature(secret, userId, topic), provided),
	)
	return valid ? { userId, topic } : null
}

/** The absolute link (built on APP_URL, never on a request). */
export function unsubscribeUrl(userId: string, topic: Topic) {
	return `${appOrigin()}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ t: unsubscribeToken(userId, topic) })}`
}

/** The headers that let a mail client offer its own "unsubscribe" button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(userId: string, topic: Topic) {
	return {
		'List-Unsubscribe': `<${unsubscribeUrl(userId, topic)}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
	}
}
