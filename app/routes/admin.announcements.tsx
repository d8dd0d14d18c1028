import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { formatDateTime } from '~/admin/format'
import { AdminPageHeader } from '~/admin/page-header'
import { settle } from '~/admin/settle.server'
import { statCardClass } from '~/admin/stat-card'
import { cellClass, StatTable } from '~/admin/stat-table'
import { AnnouncementForm } from '~/announcements/announcement-form'
import {
	countRecipients,
	listSentAnnouncements,
	newRequestKey,
	sendAnnouncement,
} from '~/announcements/announcements.server'
import { announcementSchema, AUDIENCES, SEND_INTENT, type Audience } from '~/announcements/form'
import { announcementMessages as m } from '~/announcements/messages'
import { requireAdmin } from '~/auth/guards.server'
import { bulkMailPerMinute } from '~/mail/settings.server'
import { readFormData } from '~/utils/form-data.server'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

const ANNOUNCEMENTS_PATH = '/admin/announcements'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.pageTitle,
		description: 'Comunicados de Frasea a quienes quieren recibirlos.',
		path: ANNOUNCEMENTS_PATH,
		noindex: true,
	})

async function recipientsByAudience() {
	const counts = await Promise.all(AUDIENCES.map((audience) => countRecipients(audience)))
	return Object.fromEntries(
		AUDIENCES.map((audience, index) => [audience, counts[index] ?? 0]),
	) as Record<Audience, number>
}

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const [recipients, sent, pace] = await Promise.all([
		recipientsByAudience(),
		settle('announcements', () => listSentAnnouncements()),
		bulkMailPerMinute(),
	])
	return {
		// A new key every time the form is shown: posting the same form twice sends once.
		requestKey: newRequestKey(),
		recipients,
		sent,
		perMinute: pace.value,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const submission = parseWithZod(await readFormData(request), { schema: announcementSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply(), previewed: false }, { status: 400 })
	}
	const value = submission.value
	if (value.intent !== SEND_INTENT) {
		// "Vista previa": the page comes back with the form as it was, previewed.
		return { result: submission.reply(), previewed: true }
	}
	const outcome = await sendAnnouncement({
		adminId: admin.id,
		subject: value.subject,
		body: value.body,
		audience: value.audience,
		requestKey: value.requestKey,
	})
	return redirectWithToast(
		ANNOUNCEMENTS_PATH,
		outcome.status === 'sent'
			? { type: 'success', message: m.sent(outcome.recipients) }
			: { type: 'info', message: m.alreadySent },
	)
}

export default function AdminAnnouncements() {
	const { requestKey, recipients, sent, perMinute } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<AdminPageHeader title={m.pageTitle} intro={m.pageIntro} />
			<section aria-label={m.pageTitle} className={statCardClass}>
				{/* Keyed by the form's one-time key: after a send the form starts empty; after a
				    preview it comes back filled in from the post. */}
				<AnnouncementForm
					key={requestKey}
					requestKey={requestKey}
					recipients={recipients}
					perMinute={perMinute}
					lastResult={actionData?.result}
					previewed={actionData?.previewed ?? false}
				/>
			</section>
			<section aria-labelledby="comunicados-enviados" className={`${statCardClass} space-y-3`}>
				<h2
					id="comunicados-enviados"
					className="text-lg font-semibold text-gray-900 dark:text-white"
				>
					{m.historyTitle}
				</h2>
				{sent === null ? (
					<p className="text-sm text-gray-600 dark:text-gray-400">{m.historyLoadError}</p>
				) : sent.length === 0 ? (
					<p className="text-sm text-gray-600 dark:text-gray-400">{m.historyEmpty}</p>
				) : (
					<StatTable headers={[m.columnDate, m.columnSubject, m.columnAudience, m.columnProgress]}>
						{sent.map((row) => (
							<tr key={row.id} data-testid="comunicado-enviado">
								<td className={cellClass}>{formatDateTime(row.createdAt)}</td>
								<td className={`${cellClass} break-words`}>{row.subject}</td>
								<td className={cellClass}>{row.audience ? m.audienceShort[row.audience] : '—'}</td>
								<td className={cellClass}>
									{m.progress(row.sent, row.recipients, row.pending, row.failed)}
								</td>
							</tr>
						))}
					</StatTable>
				)}
			</section>
		</div>
	)
}
