import { Form, useLocation } from '@remix-run/react'
import { VERIFY_INTENT } from '~/auth/email-verification'
import { layoutMessages } from '~/auth/layout-messages'

/**
 * Shown to signed-in users whose e-mail is not confirmed yet, with a resend button. (Part
 * of every page's layout chunk: it stays free of the form kit.)
 */
export function EmailVerificationBanner() {
	const location = useLocation()
	return (
		<div
			role="region"
			aria-label="Confirmación de correo"
			className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-950 dark:text-amber-100"
		>
			<div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm">
				<p>{layoutMessages.verificationPending}</p>
				<Form method="post" action="/verify-email">
					<input type="hidden" name="intent" value={VERIFY_INTENT.resend} />
					<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
					<button
						type="submit"
						className="rounded-lg border border-amber-400 px-3 py-1.5 font-semibold hover:bg-amber-100 dark:border-amber-400/50 dark:hover:bg-amber-900"
					>
						Reenviar correo
					</button>
				</Form>
			</div>
		</div>
	)
}
