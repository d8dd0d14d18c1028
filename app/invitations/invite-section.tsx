import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { formatDateTime } from '~/admin/format'
import { cellClass, StatTable } from '~/admin/stat-table'
import {
	Field,
	FormAlert,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { cx, usePendingIntent } from '~/utils/misc'
import { invitationMessages as m } from './messages'
import { InviteSchema } from './schema'

const panelClass =
	'rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900'
const headingClass = 'text-lg font-semibold text-gray-900 dark:text-white'

/** Usuarios' invitation form: one e-mail address; errors next to it, the address kept. */
export function InviteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
	const [form, fields] = useSchemaForm({ id: 'invitar-usuario', schema: InviteSchema, lastResult })
	const sending = usePendingIntent() === 'invitar'
	return (
		<section aria-labelledby="invitar-titulo" className={panelClass}>
			<h2 id="invitar-titulo" className={headingClass}>
				{m.sectionTitle}
			</h2>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{m.sectionIntro}</p>
			<Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 space-y-3">
				<input type="hidden" name="intent" value="invitar" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<div className="flex flex-wrap items-start gap-3">
					<Field
						id={fields.email.id}
						label={m.emailLabel}
						errors={fields.email.errors}
						className="min-w-60 flex-1"
					>
						<input
							{...getInputProps(fields.email, { type: 'email' })}
							autoComplete="off"
							placeholder={m.emailPlaceholder}
							className={inputClass}
						/>
					</Field>
					<button
						type="submit"
						aria-disabled={sending || undefined}
						className={cx(primaryButtonClass, 'mt-7')}
					>
						{sending ? m.sending : m.send}
					</button>
				</div>
			</Form>
		</section>
	)
}

type PendingRow = {
	id: string
	email: string
	createdAt: Date | string
	expiresAt: Date | string
	invitedBy: { name: string } | null
}

/** Invitations not yet accepted, each with a resend and a revoke button. */
export function PendingInvitations({ invitations }: { invitations: PendingRow[] | null }) {
	return (
		<section aria-labelledby="pendientes-titulo" className={panelClass}>
			<h2 id="pendientes-titulo" className={cx(headingClass, 'mb-3')}>
				{m.pendingTitle}
			</h2>
			{invitations === null ? (
				<p role="alert" className="text-sm text-red-700 dark:text-red-300">
					{m.pendingLoadError}
				</p>
			) : invitations.length === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">{m.noPending}</p>
			) : (
				<StatTable
					headers={[
						m.columnEmail,
						m.columnInvitedBy,
						m.columnSentAt,
						m.columnExpiresAt,
						m.columnActions,
					]}
				>
					{invitations.map((invitation) => (
						<tr key={invitation.id}>
							<th scope="row" className={cx(cellClass, 'font-medium break-all')}>
								{invitation.email}
							</th>
							<td className={cellClass}>{invitation.invitedBy?.name ?? m.unknownInviter}</td>
							<td className={cellClass}>{formatDateTime(invitation.createdAt)}</td>
							<td className={cellClass}>{formatDateTime(invitation.expiresAt)}</td>
							<td className={cellClass}>
								<div className="flex flex-wrap gap-2">
									<Form method="post" preventScrollReset>
										<input type="hidden" name="intent" value="invitar" />
										<input type="hidden" name="email" value={invitation.email} />
										<button
											type="submit"
											aria-label={m.resendLabel(invitation.email)}
											className={cx(secondaryButtonClass, 'px-3 py-1.5 text-xs')}
										>
											{m.resend}
										</button>
									</Form>
									<Form method="post" preventScrollReset>
										<input type="hidden" name="intent" value="anular-invitacion" />
										<input type="hidden" name="invitationId" value={invitation.id} />
										<button
											type="submit"
											aria-label={m.revokeLabel(invitation.email)}
											className={cx(
												secondaryButtonClass,
												'px-3 py-1.5 text-xs text-red-700 dark:text-red-300',
											)}
										>
											{m.revoke}
										</button>
									</Form>
								</div>
							</td>
						</tr>
					))}
				</StatTable>
			)}
		</section>
	)
}
