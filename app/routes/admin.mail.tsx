import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { formatCount, formatDateTime } from '~/admin/format'
import { AdminPageHeader } from '~/admin/page-header'
import { settle } from '~/admin/settle.server'
import { Stat, statCardClass } from '~/admin/stat-card'
import { cellClass, StatTable } from '~/admin/stat-table'
import { requireAdmin } from '~/auth/guards.server'
import {
	Field,
	FormAlert,
	inputClass,
	secondaryButtonClass,
	SubmitButton,
	describedBy,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { lastMailErrors, outboxCounts, retryFailingMail } from '~/mail/admin.server'
import { BULK_PER_MINUTE_MAX, MAIL_INTENTS, paceSchema } from '~/mail/admin-forms'
import { mailMessages } from '~/mail/messages'
import { bulkMailPerMinute, saveBulkMailPerMinute } from '~/mail/settings.server'
import { SOURCE_LABELS } from '~/settings/in-force'
import { getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form-data.server'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'
import { useIntentPending } from '~/utils/misc'

const MAIL_PATH = '/admin/mail'
const m = mailMessages.admin

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.pageTitle,
		description: 'La cola de correo de Frasea: envíos, fallos y reintentos.',
		path: MAIL_PATH,
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const [counts, errors, pace] = await Promise.all([
		settle('mail counts', outboxCounts),
		settle('mail errors', () => lastMailErrors()),
		bulkMailPerMinute(),
	])
	// Whether SMTP_URL is set, never its value: it may carry the relay's password.
	return { counts, errors, pace, smtp: Boolean(getEnv().SMTP_URL) }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	if (intent === MAIL_INTENTS.retry) {
		const count = await retryFailingMail(admin.id)
		return redirectWithToast(
			MAIL_PATH,
			count > 0
				? { type: 'success', message: m.retried(count) }
				: { type: 'info', message: m.nothingToRetry },
		)
	}
	if (intent === MAIL_INTENTS.resetPace) {
		await saveBulkMailPerMinute(null, admin.id)
		return redirectWithToast(MAIL_PATH, { type: 'success', message: m.paceResetDone })
	}
	if (intent === MAIL_INTENTS.pace) {
		const submission = parseWithZod(formData, { schema: paceSchema })
		if (submission.status !== 'success') {
			return data({ pace: submission.reply() }, { status: 400 })
		}
		await saveBulkMailPerMinute(submission.value.perMinute, admin.id)
		return redirectWithToast(MAIL_PATH, { type: 'success', message: m.paceSaved })
	}
	return data({ pace: null, error: m.badForm }, { status: 400 })
}

const panelClass = `${statCardClass} space-y-4`
const headingClass = 'text-lg font-semibold text-gray-900 dark:text-white'
const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

const STATUS_LABELS = {
	retrying: m.statusRetrying,
	failed: m.statusFailed,
	dropped: m.statusDropped,
} as const

function PaceForm({ value, source }: { value: number; source: keyof typeof SOURCE_LABELS }) {
	const actionData = useActionData<typeof action>()
	const pending = useIntentPending(MAIL_INTENTS.pace)
	const [form, fields] = useSchemaForm({
		id: 'ritmo',
		schema: paceSchema,
		lastResult: actionData && 'pace' in actionData ? actionData.pace : null,
		defaultValue: { intent: MAIL_INTENTS.pace, perMinute: value },
	})
	return (
		<div className="space-y-3">
			<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
				<input type="hidden" name="intent" value={MAIL_INTENTS.pace} />
				<FormAlert id={form.errorId} errors={form.errors} />
				<div className="w-56">
					<Field id={fields.perMinute.id} label={m.paceLabel} errors={fields.perMinute.errors}>
						<input
							{...getInputProps(fields.perMinute, { type: 'number' })}
							min={1}
							max={BULK_PER_MINUTE_MAX}
							step={1}
							className={inputClass}
							{...describedBy(fields.perMinute.id, { errors: fields.perMinute.errors })}
						/>
					</Field>
				</div>
				<SubmitButton pending={pending} pendingLabel={m.paceSave} className="sm:w-auto">
					{m.paceSave}
				</SubmitButton>
			</Form>
			<p className={hintClass} data-testid="ritmo-en-uso">
				{m.paceInForce(value, SOURCE_LABELS[source])}
			</p>
			{source === 'admin' ? (
				<Form method="post">
					<input type="hidden" name="intent" value={MAIL_INTENTS.resetPace} />
					<button type="submit" className={secondaryButtonClass}>
						{m.paceReset}
					</button>
				</Form>
			) : null}
		</div>
	)
}

export default function AdminMail() {
	const { counts, errors, pace, smtp } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const retrying = useIntentPending(MAIL_INTENTS.retry)
	return (
		<div className="space-y-6">
			<AdminPageHeader title={m.pageTitle} intro={m.pageIntro} />
			{actionData && 'error' in actionData ? <FormAlert errors={[actionData.error]} /> : null}

			<section aria-labelledby="correo-estado" className="space-y-3">
				<h2 id="correo-estado" className={headingClass}>
					{m.stateTitle}
				</h2>
				<p className={hintClass}>{smtp ? m.transportSmtp : m.transportFiles}</p>
				<dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
					<Stat label={m.queued} value={counts && formatCount(counts.queued)} hint={m.queuedHint} />
					<Stat label={m.sent} value={counts && formatCount(counts.sent)} hint={m.sentHint} />
					<Stat
						label={m.failing}
						value={counts && formatCount(counts.retrying + counts.failed)}
						hint={counts ? m.failingHint(counts.retrying, counts.failed) : undefined}
					/>
					<Stat
						label={m.dropped}
						value={counts && formatCount(counts.dropped)}
						hint={m.droppedHint}
					/>
				</dl>
				<Form method="post" className="flex flex-wrap items-center gap-3">
					<input type="hidden" name="intent" value={MAIL_INTENTS.retry} />
					<SubmitButton pending={retrying} pendingLabel={m.retrying} className="sm:w-auto">
						{m.retry}
					</SubmitButton>
					<p className={hintClass}>{m.retryHint}</p>
				</Form>
			</section>

			<section aria-labelledby="correo-errores" className={panelClass}>
				<h2 id="correo-errores" className={headingClass}>
					{m.errorsTitle}
				</h2>
				{errors === null ? (
					<p className={hintClass}>{m.loadError}</p>
				) : errors.length === 0 ? (
					<p className={hintClass}>{m.errorsEmpty}</p>
				) : (
					<StatTable
						headers={[
							m.columnWhen,
							m.columnKind,
							m.columnTo,
							m.columnAttempts,
							m.columnStatus,
							m.columnError,
						]}
					>
						{errors.map((error) => (
							<tr key={error.id}>
								<td className={cellClass}>{formatDateTime(error.at)}</td>
								<td className={cellClass}>{error.kind}</td>
								<td className={cellClass}>{error.to}</td>
								<td className={cellClass}>{error.attempts}</td>
								<td className={cellClass}>{STATUS_LABELS[error.status]}</td>
								<td className={`${cellClass} break-words`}>{error.error}</td>
							</tr>
						))}
					</StatTable>
				)}
			</section>

			<section aria-labelledby="correo-ritmo" className={panelClass}>
				<h2 id="correo-ritmo" className={headingClass}>
					{m.paceTitle}
				</h2>
				<p className={hintClass}>{m.paceIntro}</p>
				{/* Keyed by the value in force: after a save the field shows the new one. */}
				<PaceForm key={`${pace.source}-${pace.value}`} value={pace.value} source={pace.source} />
			</section>
		</div>
	)
}
