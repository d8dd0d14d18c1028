import { type LoaderFunctionArgs } from '@remix-run/node'
import { AVATAR_FILE } from '~/dashboard/avatar-url'
import { readAvatarFile } from '~/dashboard/avatar.server'
import { profileMessages } from '~/dashboard/profile-messages'
import { withSecurityHeaders } from '~/utils/security-headers.server'

/**
 * Profile pictures, by their unguessable id (128 random bits, new for every picture).
 * Served to anyone holding the address, with no session check: a picture is what its owner
 * chose to show as their face on the site, it was re-encoded without any metadata, and the
 * address reveals neither the account nor its e-mail. That lets browsers keep it for a year
 * (`immutable`: a new picture gets a new address), and lets other pages (an admin's users
 * list) show it later. Only our own pages may embed it (Cross-Origin-Resource-Policy).
 */
export async function loader({ params }: LoaderFunctionArgs) {
	const id = AVATAR_FILE.exec(params.file ?? '')?.[1]
	const bytes = id ? await readAvatarFile(id) : null
	if (!bytes) {
		return withSecurityHeaders(
			new Response(profileMessages.avatarNotFound, {
				status: 404,
				headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
			}),
		)
	}
	return withSecurityHeaders(
		new Response(bytes, {
			headers: {
				'Content-Type': 'image/webp',
				'Content-Length': String(bytes.byteLength),
				'Cache-Control': 'public, max-age=31536000, immutable',
				'Cross-Origin-Resource-Policy': 'same-origin',
				'Content-Disposition': 'inline',
			},
		}),
	)
}
