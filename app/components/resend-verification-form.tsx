import { Form } from '@remix-run/react'
import { type ReactNode } from 'react'
import { VERIFY_INTENT } from '~/auth/email-verification'
import { secondaryButtonClass } from './forms'

/**
 * Mails a new confirmation link and comes back to `redirectTo` (the page it sits on), so
 * it works the same without JavaScript.
 */
export function ResendVerificationForm({
	redirectTo,
	buttonClass = secondaryButtonClass,
	children,
}: {
	redirectTo: string
	buttonClass?: string
	children: ReactNode
}) {
	return (
		<Form method="post" action="/verify-email">
			<input type="hidden" name="intent" value={VERIFY_INTENT.resend} />
			<input type="hidden" name="redirectTo" value={redirectTo} />
			<button type="submit" className={buttonClass}>
				{children}
			</button>
		</Form>
	)
}
