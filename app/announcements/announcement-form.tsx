import {
	getFormProps,
	getInputProps,
	getTextareaProps,
	type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import {
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { cx, useHydrated, useIntentPending } from '~/utils/misc'
import { AnnouncementBody } from './announcement-body'
import {
	announcementSchema,
	AUDIENCES,
	BODY_MAX,
	PREVIEW_INTENT,
	SEND_INTENT,
	SUBJECT_MAX,
	type Audience,
} from './form'
import { announcementMessages as m } from './messages'

/**
 * The announcement form with its preview. Without JavaScript "Vista previa" posts the form
 * and the page comes back with it filled in and previewed; with JavaScript the preview and
 * the number of recipients follow what is typed.
 */
export function AnnouncementForm({
	requestKey,
	recipients,
	perMinute,
	lastResult,
	previewed,
}: {
	requestKey: string
	/** Accounts each audience reaches now. */
	recipients: Record<Audience, number>
	perMinute: number
	lastResult: SubmissionResult<string[]> | null | undefined
	/** The page answers a "Vista previa" post. */
	previewed: boolean
}) {
	const hydrated = useHydrated()
	const sending = useIntentPending(SEND_INTENT)
	const [form, fields] = useSchemaForm({
		id: 'comunicado',
		schema: announcementSchema,
		lastResult,
		defaultValue: { audience: 'nuevas-funciones' },
	})
	const subject = typeof fields.subject.value === 'string' ? fields.subject.value : ''
	const body = typeof fields.body.value === 'string' ? fields.body.value : ''
	const audience = AUDIENCES.find((value) => value === fields.audience.value) ?? 'nuevas-funciones'
	const showPreview = (previewed || hydrated) && (subject.trim() !== '' || body.trim() !== '')
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-5">
			<FormAlert id={form.errorId} errors={form.errors} />
			<input type="hidden" name="requestKey" value={requestKey} />
			<Field id={fields.subject.id} label={m.subject} errors={fields.subject.errors}>
				<input
					{...getInputProps(fields.subject, { type: 'text' })}
					maxLength={SUBJECT_MAX}
					autoComplete="off"
					className={inputClass}
				/>
			</Field>
			<Field id={fields.body.id} label={m.body} errors={fields.body.errors} hint={m.bodyHint}>
				<textarea
					{...getTextareaProps(fields.body)}
					maxLength={BODY_MAX}
					rows={8}
					className={inputClass}
					{...describedBy(fields.body.id, { errors: fields.body.errors, hint: true })}
				/>
			</Field>
			<fieldset className="space-y-2">
				<legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
					{m.audience}
				</legend>
				{AUDIENCES.map((value) => (
					<label
						key={value}
						className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200"
					>
						<input
							type="radio"
							name={fields.audience.name}
							value={value}
							defaultChecked={value === audience}
							className="size-4 accent-brand-600"
							{...describedBy(fields.audience.id, { errors: fields.audience.errors })}
						/>
						{m.audiences[value]}
					</label>
				))}
				<FieldErrors id={`${fields.audience.id}-error`} errors={fields.audience.errors} />
			</fieldset>
			{showPreview ? (
				<section
					aria-labelledby="comunicado-vista-previa"
					className="space-y-3 rounded-lg border border-dashed border-gray-300 p-4 dark:border-white/20"
				>
					<h2
						id="comunicado-vista-previa"
						className="text-sm font-semibold text-gray-600 dark:text-gray-400"
					>
						{m.previewTitle}
					</h2>
					<p
						className="text-lg font-semibold text-gray-900 dark:text-white"
						data-testid="vista-previa-asunto"
					>
						{subject}
					</p>
					<div data-testid="vista-previa-texto">
						<AnnouncementBody body={body} />
					</div>
				</section>
			) : null}
			<p className="text-sm text-gray-700 dark:text-gray-300" data-testid="destinatarios">
				{m.recipients(recipients[audience])} {m.pace(perMinute)}
			</p>
			<div className="flex flex-wrap gap-3">
				<button type="submit" name="intent" value={PREVIEW_INTENT} className={secondaryButtonClass}>
					{m.preview}
				</button>
				<button
					type="submit"
					name="intent"
					value={SEND_INTENT}
					aria-disabled={sending || undefined}
					className={cx(primaryButtonClass)}
				>
					{sending ? m.sending : m.send}
				</button>
			</div>
		</Form>
	)
}
