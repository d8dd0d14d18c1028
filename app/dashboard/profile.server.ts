import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { readSessionId } from '~/auth/session.server'
import { reserveUploadForAddress } from '~/models/upload-allowance.server'
import { prisma } from '~/utils/db.server'
import { readFormWithFiles } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { AvatarError, processAvatar, removeAvatar, replaceAvatar } from './avatar.server'
import { safeAvatarUrl } from './avatar-url'
import {
	AVATAR_MAX_BYTES,
	parseProfileTab,
	passwordSchema,
	PROFILE_INTENT,
	PROFILE_TABS,
	ProfileSchema,
	type ProfileTab,
} from './profile-forms'
import { identityMessages, profileMessages as messages } from './profile-messages'
import { changePassword, setFirstPassword } from './profile-password.server'
import { checkUnlinkGoogle, unlinkGoogle } from './identities.server'
import { endDeviceSession, endOtherSessions, listDeviceSessions } from './sessions.server'
import { twoFactorAction, twoFactorView } from './two-factor-actions.server'
import { isTwoFactorIntent } from './two-factor-forms'
import { attemptWrite, badRequest, notFound } from './responses.server'

/**
 * The profile page, served at /dashboard/perfil and /profile alike: `basePath` is the
 * address of the route using it, where its forms post and its redirects return.
 */

/**
 * The profile's pages are never stored by the browser or anything between: they show the
 * account's devices, and once, its two-factor recovery codes.
 */
export const profileHeaders = () => ({ 'Cache-Control': 'no-store' })

export async function profileLoader(request: Request) {
	const user = await requireUser(request)
	const tab = parseProfileTab(new URL(request.url).searchParams.get('tab'))
	const profile = await prisma.profile.findUnique({
		where: { id: user.id },
		select: {
			id: true,
			name: true,
			email: true,
			bio: true,
			location: true,
			website: true,
			avatarUrl: true,
			createdAt: true,
			updatedAt: true,
			password: { select: { userId: true } },
			connections: { select: { providerName: true } },
		},
	})
	if (!profile) notFound(messages.loadError)
	const sessions =
		tab === PROFILE_TABS.security
			? await listDeviceSessions(user.id, await readSessionId(request))
			: null
	const twoFactor = tab === PROFILE_TABS.security ? await twoFactorView(user) : null
	return {
		tab,
		isAdmin: user.isAdmin,
		profile: {
			id: profile.id,
			name: profile.name,
			email: profile.email,
			bio: profile.bio ?? '',
			location: profile.location ?? '',
			website: profile.website ?? '',
			avatarUrl: safeAvatarUrl(profile.avatarUrl),
			createdAt: profile.createdAt ? profile.createdAt.toISOString() : null,
			updatedAt: profile.updatedAt.toISOString(),
		},
		hasPassword: profile.password !== null,
		hasGoogle: profile.connections.some((connection) => connection.providerName === 'google'),
		emailVerified: user.emailVerified,
		sessions,
		twoFactor,
	}
}

const tabHref = (basePath: string, tab: ProfileTab) => `${basePath}?tab=${tab}`

/** Passwords never travel back to the page. */
const hidePasswords = ['currentPassword', 'password', 'confirmPassword']

/** `clientAddress` is the load context's (a new photo counts against its daily allowance). */
export async function profileAction(request: Request, basePath: string, clientAddress?: string) {
	const user = await requireUser(request)
	// A file past the limit is counted and dropped while it streams; the fields still arrive.
	const { formData, oversize } = await readFormWithFiles(request, AVATAR_MAX_BYTES - 1)
	const intent = formData.get('intent')
	if (isTwoFactorIntent(intent)) {
		return twoFactorAction(
			request,
			user,
			intent,
			formData,
			tabHref(basePath, PROFILE_TABS.security),
		)
	}

	switch (intent) {
		case PROFILE_INTENT.save: {
			const back = tabHref(basePath, PROFILE_TABS.personal)
			const submission = parseWithZod(formData, { schema: ProfileSchema })
			const avatarErrors = oversize.has('avatar') ? [messages.avatarTooLarge] : null
			if (submission.status !== 'success' || avatarErrors) {
				return data(
					{
						profile: submission.reply({
							hideFields: ['avatar'],
							...(avatarErrors ? { fieldErrors: { avatar: avatarErrors } } : {}),
						}),
						password: null,
					},
					{ status: avatarErrors ? 413 : 400 },
				)
			}
			const { name, bio, location, website, avatar } = submission.value
			const refuseAvatar = (message: string, status: number) =>
				data(
					{
						profile: submission.reply({
							hideFields: ['avatar'],
							fieldErrors: { avatar: [message] },
						}),
						password: null,
					},
					{ status },
				)
			let webp: Buffer | null = null
			// A new photo takes one from the address's daily upload allowance; given back
			// when it is not kept.
			const allowance = avatar ? await reserveUploadForAddress(clientAddress) : null
			if (allowance && !allowance.ok) return refuseAvatar(allowance.message, 429)
			const giveBack = async () => {
				if (allowance?.ok) await allowance.release()
			}
			if (avatar) {
				try {
					webp = await processAvatar(new Uint8Array(await avatar.arrayBuffer()))
				} catch (error) {
					await giveBack()
					if (!(error instanceof AvatarError)) throw error
					const status = error.code === 'busy' ? 503 : error.code === 'size' ? 413 : 415
					return refuseAvatar(error.message, status)
				}
			}
			const result = await attemptWrite(back, messages.updateError, () =>
				replaceAvatar(user.id, webp, (avatarUrl) =>
					prisma.profile.update({
						where: { id: user.id },
						data: {
							name,
							bio: bio || null,
							location: location || null,
							website: website ?? null,
							...(avatarUrl ? { avatarUrl } : {}),
						},
						select: { id: true },
					}),
				),
			)
			if (!result.ok) {
				await giveBack()
				return result.response
			}
			return redirectWithToast(back, { type: 'success', message: messages.updated })
		}

		case PROFILE_INTENT.removeAvatar: {
			const back = tabHref(basePath, PROFILE_TABS.personal)
			const result = await attemptWrite(back, messages.updateError, () => removeAvatar(user.id))
			if (!result.ok) return result.response
			return redirectWithToast(back, { type: 'success', message: messages.avatarRemoved })
		}

		case PROFILE_INTENT.changePassword:
		case PROFILE_INTENT.setPassword: {
			const back = tabHref(basePath, PROFILE_TABS.account)
			const submission = parseWithZod(formData, { schema: passwordSchema(user.email) })
			const refuse = (status: number, reply: Parameters<typeof submission.reply>[0] = {}) =>
				data(
					{ profile: null, password: submission.reply({ ...reply, hideFields: hidePasswords }) },
					{ status },
				)
			if (submission.status !== 'success') return refuse(400)
			const { currentPassword, password, closeOtherSessions } = submission.value
			const keepSessionToken = await readSessionId(request)
			if (submission.value.intent === PROFILE_INTENT.setPassword) {
				const closeOthers = closeOtherSessions ? { keepSessionToken } : null
				if (!(await setFirstPassword(user.id, password, closeOthers))) {
					return refuse(409, { formErrors: [messages.passwordAlreadySet] })
				}
				return redirectWithToast(back, { type: 'success', message: messages.passwordSet })
			}
			const outcome = await changePassword({
				userId: user.id,
				currentPassword: currentPassword ?? '',
				newPassword: password,
				keepSessionToken,
				closeOtherSessions,
			})
			if (outcome === 'wrong-password') {
				return refuse(400, { fieldErrors: { currentPassword: [messages.currentPasswordWrong] } })
			}
			if (outcome === 'no-password') return refuse(409, { formErrors: [messages.noPasswordYet] })
			return redirectWithToast(back, {
				type: 'success',
				message: closeOtherSessions
					? messages.passwordChangedOthersClosed
					: messages.passwordChanged,
			})
		}

		case PROFILE_INTENT.endSession: {
			const back = tabHref(basePath, PROFILE_TABS.security)
			const sessionId = formData.get('sessionId')
			const outcome =
				typeof sessionId === 'string' && sessionId
					? await endDeviceSession(user.id, sessionId, await readSessionId(request))
					: 'missing'
			// This browser's own session ends with 'Cerrar Sesión', not from this list.
			if (outcome === 'current') badRequest(messages.unknownIntent)
			if (outcome === 'missing') notFound(messages.sessionMissing)
			return redirectWithToast(back, { type: 'success', message: messages.sessionEnded })
		}

		case PROFILE_INTENT.endOtherSessions: {
			const back = tabHref(basePath, PROFILE_TABS.security)
			const count = await endOtherSessions(user.id, await readSessionId(request))
			return redirectWithToast(back, {
				type: count > 0 ? 'success' : 'info',
				message: count > 0 ? messages.otherSessionsEnded(count) : messages.noOtherSessions,
			})
		}

		case PROFILE_INTENT.unlinkGoogle: {
			const back = tabHref(basePath, PROFILE_TABS.account)
			const answer = (identity: { error?: string; confirmUnlink?: boolean }, status: number) =>
				data({ profile: null, password: null, identity }, { status })
			// Nothing is removed before a second, confirmed post (the page's confirm step).
			if (formData.get('confirmado') !== 'si') {
				const outcome = await checkUnlinkGoogle(user.id)
				if (outcome === 'ok') return answer({ confirmUnlink: true }, 200)
				return answer(
					{
						error:
							outcome === 'last-way-in'
								? identityMessages.lastWayIn
								: identityMessages.notLinkedYet,
					},
					409,
				)
			}
			const outcome = await unlinkGoogle(user.id)
			if (outcome === 'last-way-in') return answer({ error: identityMessages.lastWayIn }, 409)
			if (outcome === 'not-linked') return answer({ error: identityMessages.notLinkedYet }, 409)
			return redirectWithToast(back, { type: 'success', message: identityMessages.googleUnlinked })
		}

		default:
			badRequest(messages.unknownIntent)
	}
}
