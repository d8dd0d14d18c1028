import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from '@remix-run/node'
import { renderSVG } from 'uqr'
import { type SessionUser } from '~/auth/guards.server'
import { accountCodeLimitReached, recordAccountCodeFailure } from '~/auth/pending-sign-in.server'
import { recoveryCodesFile } from '~/auth/recovery-codes.server'
import { notifySecurityChange } from '~/auth/security-mails.server'
import { readSessionId, revokeUserSessions } from '~/auth/session.server'
import { otpauthUri } from '~/auth/totp.server'
import { twoFactorMessages as messages } from '~/auth/two-factor-messages'
import {
	cancelTwoFactorSetup,
	confirmTwoFactorSetup,
	disableTwoFactor,
	getTwoFactorState,
	regenerateRecoveryCodes,
	startTwoFactorSetup,
} from '~/auth/two-factor.server'
import { redirectWithToast } from '~/utils/toast.server'
import {
	ConfirmSchema,
	DisableSchema,
	RegenerateSchema,
	TWO_FACTOR_INTENT,
	type TwoFactorForm,
	type TwoFactorIntent,
} from './two-factor-forms'

/** What the 'Seguridad' tab shows of two-factor (see two-factor-section.tsx). */
export type TwoFactorView =
	| { status: 'off' }
	/** Off, and the address is not confirmed yet: it cannot be turned on. */
	| { status: 'unconfirmed' }
	| { status: 'setup'; qrSvg: string; secretGroups: string }
	| { status: 'on'; enabledAt: string; recoveryCodesLeft: number }

const ISSUER = 'Frasea'

export async function twoFactorView(
	user: Pick<SessionUser, 'id' | 'email' | 'emailVerified'>,
): Promise<TwoFactorView> {
	const state = await getTwoFactorState(user.id)
	if (state.status !== 'on' && !user.emailVerified) return { status: 'unconfirmed' }
	if (state.status === 'off') return state
	if (state.status === 'on') {
		return {
			status: 'on',
			enabledAt: state.enabledAt.toISOString(),
			recoveryCodesLeft: state.recoveryCodesLeft,
		}
	}
	// Drawn here, on the server: the page needs no script and loads no image to show it.
	const uri = otpauthUri({ secret: state.secret, account: user.email, issuer: ISSUER })
	return {
		status: 'setup',
		qrSvg: renderSVG(uri, { border: 2 }),
		secretGroups: state.secret.match(/.{1,4}/g)?.join(' ') ?? state.secret,
	}
}

/** The recovery codes, shown on the answer to the post that made them and never again. */
export type ShownRecoveryCodes = { codes: string[]; download: string; message: string }

function shownCodes(codes: string[], email: string, message: string): ShownRecoveryCodes {
	const file = recoveryCodesFile(codes, email)
	return {
		codes,
		download: `data:text/plain;charset=utf-8,${encodeURIComponent(file)}`,
		message,
	}
}

/**
 * The two-factor forms of the profile page. Answers keep the profile action's shape
 * (`profile` and `password` null) with a `twoFactor` part: the form's result, or the
 * recovery codes to show once.
 */
export async function twoFactorAction(
	request: Request,
	user: SessionUser,
	intent: TwoFactorIntent,
	formData: FormData,
	back: string,
) {
	const answer = (
		twoFactor: { form: TwoFactorForm; result?: unknown; recoveryCodes?: ShownRecoveryCodes },
		init: ResponseInit,
	) => data({ profile: null, password: null, twoFactor }, init)

	// Whoever registered an address they do not own must not set up codes its owner would
	// then be asked for: two-factor waits for the confirmation, like every other way in.
	if (
		!user.emailVerified &&
		(intent === TWO_FACTOR_INTENT.start || intent === TWO_FACTOR_INTENT.confirm)
	) {
		return answer(
			{ form: 'start', result: { status: 'error', error: { '': [messages.needsConfirmedEmail] } } },
			{ status: 403 },
		)
	}

	switch (intent) {
		case TWO_FACTOR_INTENT.start: {
			const secret = await startTwoFactorSetup(user.id)
			if (!secret)
				return redirectWithToast(back, { type: 'info', message: messages.alreadyEnabled })
			// The setup lives in the database until confirmed: this page (and a reload) shows it.
			return redirect(back)
		}

		case TWO_FACTOR_INTENT.cancel: {
			await cancelTwoFactorSetup(user.id)
			return redirectWithToast(back, { type: 'info', message: messages.setupCancelled })
		}

		case TWO_FACTOR_INTENT.confirm: {
			const submission = parseWithZod(formData, { schema: ConfirmSchema })
			const refuse = (errors: string[] | null, status: number) =>
				answer(
					{
						form: 'confirm',
						result: submission.reply({
							hideFields: ['code'],
							...(errors ? { fieldErrors: { code: errors } } : {}),
						}),
					},
					{ status },
				)
			if (submission.status !== 'success') return refuse(null, 400)
			const state = (await getTwoFactorState(user.id)).status
			if (state !== 'setup') {
				return refuse([state === 'on' ? messages.alreadyEnabled : messages.noSetup], 409)
			}
			if (await accountCodeLimitReached(user.id)) return refuse([messages.accountLimited], 429)
			const codes = await confirmTwoFactorSetup(user.id, submission.value.code)
			if (!codes) {
				await recordAccountCodeFailure(user.id)
				return refuse([messages.wrongCode], 400)
			}
			const closeOthers = submission.value.closeOtherSessions
			if (closeOthers) {
				const keep = await readSessionId(request)
				await revokeUserSessions(user.id, keep ? { exceptToken: keep } : {})
			}
			await notifySecurityChange(user.id, 'twoFactorEnabled')
			// Said on this answer's page, next to the codes (a toast would wait, without
			// JavaScript, for the next page).
			const message = closeOthers ? messages.enabledOthersClosed : messages.enabled
			return answer(
				{ form: 'confirm', recoveryCodes: shownCodes(codes, user.email, message) },
				{ status: 200 },
			)
		}

		case TWO_FACTOR_INTENT.regenerate: {
			const submission = parseWithZod(formData, { schema: RegenerateSchema })
			const refuse = (errors: string[] | null, status: number) =>
				answer(
					{
						form: 'regenerate',
						result: submission.reply({
							hideFields: ['code'],
							...(errors ? { fieldErrors: { code: errors } } : {}),
						}),
					},
					{ status },
				)
			if (submission.status !== 'success') return refuse(null, 400)
			if (await accountCodeLimitReached(user.id)) return refuse([messages.accountLimited], 429)
			const codes = await regenerateRecoveryCodes(user.id, submission.value.code)
			if (!codes) {
				await recordAccountCodeFailure(user.id)
				return refuse([messages.wrongCode], 400)
			}
			return answer(
				{
					form: 'regenerate',
					recoveryCodes: shownCodes(codes, user.email, messages.regenerated),
				},
				{ status: 200 },
			)
		}

		case TWO_FACTOR_INTENT.disable: {
			const submission = parseWithZod(formData, { schema: DisableSchema })
			const refuse = (errors: string[] | null, status: number) =>
				answer(
					{
						form: 'disable',
						result: submission.reply({
							hideFields: ['code', 'currentPassword'],
							...(errors ? { fieldErrors: { code: errors } } : {}),
						}),
					},
					{ status },
				)
			if (submission.status !== 'success') return refuse(null, 400)
			const { code, currentPassword } = submission.value
			if (code && (await accountCodeLimitReached(user.id))) {
				return refuse([messages.accountLimited], 429)
			}
			if (!(await disableTwoFactor(user.id, { code, password: currentPassword }))) {
				if (code) await recordAccountCodeFailure(user.id)
				return refuse([messages.disableProofWrong], 400)
			}
			await notifySecurityChange(user.id, 'twoFactorDisabled')
			return redirectWithToast(back, { type: 'success', message: messages.disabled })
		}
	}
}
