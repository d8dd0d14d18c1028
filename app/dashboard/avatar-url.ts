/**
 * Avatar addresses: `/avatars/{id}.webp`, where the id is 128 random bits (base64url) and
 * changes with every new picture, so the file behind an address never changes.
 */
export const AVATAR_FILE = /^([A-Za-z0-9_-]{22})\.webp$/

export function avatarUrlFor(id: string) {
	return `/avatars/${id}.webp`
}

/** The id of a stored avatar address; null for anything else (old or foreign values). */
export function avatarIdFromUrl(url: string | null | undefined): string | null {
	if (!url?.startsWith('/avatars/')) return null
	return AVATAR_FILE.exec(url.slice('/avatars/'.length))?.[1] ?? null
}

/** The address to show, or null: only our own avatar addresses ever reach an <img>. */
export function safeAvatarUrl(url: string | null | undefined): string | null {
	const id = avatarIdFromUrl(url)
	return id ? avatarUrlFor(id) : null
}
