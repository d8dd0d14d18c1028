import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import { twoFactorMessages as messages } from '~/auth/two-factor-messages'
import {
	dangerButtonClass,
	Field,
	FormAlert,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { ResendVerificationForm } from '~/components/resend-verification-form'
import { useSchemaForm } from '~/components/schema-form'
import { usePendingIntent } from '~/utils/misc'
import { formatDate } from './dates'
import type { ShownRecoveryCodes, TwoFactorView } from './two-factor-actions.server'
import {
	ConfirmSchema,
	DisableSchema,
	RegenerateSchema,
	TWO_FACTOR_INTENT,
	type TwoFactorForm,
} from './two-factor-forms'

type TwoFactorAnswer = {
	form: TwoFactorForm
	result?: SubmissionResult<string[]>
	recoveryCodes?: ShownRecoveryCodes
}

const mutedText = 'text-sm text-gray-600 dark:text-gray-400'

/** The two-factor answer of the last post, if it was one of these forms. */
function useTwoFactorAnswer(): TwoFactorAnswer | null {
	const actionData: unknown = useActionData()
	if (!actionData || typeof actionData !== 'object' || !('twoFactor' in actionData)) return null
	return actionData.twoFactor as TwoFactorAnswer
}

/**
 * The 'Seguridad' tab's two-factor part: turning it on (QR code drawn on the server, the
 * key as text, the first code), the recovery codes shown once, new codes, turning it off.
 */
export function TwoFactorSection({
	view,
	hasPassword,
	action,
}: {
	view: TwoFactorView
	hasPassword: boolean
	action: string
}) {
	const answer = useTwoFactorAnswer()
	const resultFor = (form: TwoFactorForm) => (answer?.form === form ? answer.result : undefined)
	// A refusal for a form this state no longer shows (e.g. a confirmation posted again
	// after two-factor was turned on) is said at the top of the section instead.
	const shownForms: TwoFactorForm[] =
		view.status === 'setup' ? ['confirm'] : view.status === 'on' ? ['regenerate', 'disable'] : []
	const orphanErrors =
		answer?.result && !shownForms.includes(answer.form)
			? Object.values(answer.result.error ?? {}).flatMap((errors) => errors ?? [])
			: []
	return (
		<section aria-labelledby="dos-pasos-titulo" className="mb-10">
			<h2 id="dos-pasos-titulo" className="text-lg font-semibold text-gray-900 dark:text-white">
				{messages.sectionTitle}{' '}
				<span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 align-middle text-xs font-semibold text-gray-800 dark:bg-white/10 dark:text-gray-200">
					{view.status === 'on' ? messages.statusOn : messages.statusOff}
				</span>
			</h2>
			{orphanErrors.length > 0 ? (
				<p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
					{orphanErrors.join(' ')}
				</p>
			) : null}
			{answer?.recoveryCodes ? <RecoveryCodes shown={answer.recoveryCodes} /> : null}
			{view.status === 'unconfirmed' ? (
				<>
					<p className={`mt-1 ${mutedText}`}>{messages.needsConfirmedEmail}</p>
					<div className="mt-4">
						<ResendVerificationForm redirectTo={action}>
							{messages.resendConfirmation}
						</ResendVerificationForm>
					</div>
				</>
			) : null}
			{view.status === 'off' ? (
				<>
					<p className={`mt-1 ${mutedText}`}>{messages.sectionIntroOff}</p>
					<Form method="post" action={action} className="mt-4">
						<input type="hidden" name="intent" value={TWO_FACTOR_INTENT.start} />
						<button type="submit" className={primaryButtonClass}>
							{messages.enable}
						</button>
					</Form>
				</>
			) : null}
			{view.status === 'setup' ? (
				<Setup view={view} action={action} lastResult={resultFor('confirm')} />
			) : null}
			{view.status === 'on' ? (
				<>
					<p className={`mt-1 ${mutedText}`}>
						{messages.enabledSince} {formatDate(view.enabledAt)}.{' '}
						{messages.recoveryCodesLeft(view.recoveryCodesLeft)}
					</p>
					<Regenerate action={action} lastResult={resultFor('regenerate')} />
					<Disable action={action} hasPassword={hasPassword} lastResult={resultFor('disable')} />
				</>
			) : null}
		</section>
	)
}

type FormProps = { action: string; lastResult: SubmissionResult<string[]> | undefined }

function Setup({
	view,
	action,
	lastResult,
}: FormProps & { view: { qrSvg: string; secretGroups: string } }) {
	const [form, fields] = useSchemaForm({ id: 'activar-2fa', schema: ConfirmSchema, lastResult })
	const pending = usePendingIntent() === TWO_FACTOR_INTENT.confirm
	return (
		<div className="mt-4 space-y-4">
			<h3 className="font-semibold text-gray-900 dark:text-white">{messages.setupTitle}</h3>
			<p className={mutedText}>{messages.setupStep1}</p>
			<div
				role="img"
				aria-label={messages.qrLabel}
				className="w-48 rounded-lg border border-gray-200 bg-white p-2 dark:border-white/10"
				// The SVG is drawn by our server (uqr) from the account's own otpauth URI.
				dangerouslySetInnerHTML={{ __html: view.qrSvg }}
			/>
			<p className={mutedText}>{messages.setupStep2}</p>
			<p>
				<code
					aria-label={messages.secretLabel}
					className="rounded bg-gray-100 px-2 py-1 font-mono text-sm tracking-wider text-gray-900 dark:bg-white/10 dark:text-gray-100"
				>
					{view.secretGroups}
				</code>
			</p>
			<p className={mutedText}>{messages.setupStep3}</p>
			<Form method="post" action={action} {...getFormProps(form)} className="max-w-md space-y-4">
				<input type="hidden" name="intent" value={TWO_FACTOR_INTENT.confirm} />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field id={fields.code.id} label={messages.firstCodeLabel} errors={fields.code.errors}>
					<input
						{...getInputProps(fields.code, { type: 'text' })}
						key={fields.code.key}
						autoComplete="one-time-code"
						inputMode="numeric"
						className={inputClass}
					/>
				</Field>
				<Toggle name="closeOtherSessions" label={messages.closeOtherSessions} defaultChecked />
				<SubmitButton pending={pending} pendingLabel={messages.verifyPending} className="sm:w-auto">
					{messages.confirm}
				</SubmitButton>
			</Form>
			<Form method="post" action={action}>
				<input type="hidden" name="intent" value={TWO_FACTOR_INTENT.cancel} />
				<button type="submit" className={secondaryButtonClass}>
					{messages.cancelSetup}
				</button>
			</Form>
		</div>
	)
}

function RecoveryCodes({ shown }: { shown: ShownRecoveryCodes }) {
	return (
		<div
			role="region"
			aria-labelledby="codigos-recuperacion-titulo"
			className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-950/40"
		>
			<p role="status" className="font-medium text-gray-900 dark:text-white">
				{shown.message}
			</p>
			<h3
				id="codigos-recuperacion-titulo"
				className="mt-2 font-semibold text-gray-900 dark:text-white"
			>
				{messages.recoveryTitle}
			</h3>
			<p className="mt-1 text-sm text-gray-800 dark:text-gray-200">{messages.recoveryIntro}</p>
			<ul
				aria-label={messages.recoveryListLabel}
				className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-gray-900 dark:text-gray-100"
			>
				{shown.codes.map((code) => (
					<li key={code}>{code}</li>
				))}
			</ul>
			<a
				href={shown.download}
				download="frasea-codigos-recuperacion.txt"
				className={`mt-4 ${secondaryButtonClass}`}
			>
				{messages.download}
			</a>
		</div>
	)
}

function Regenerate({ action, lastResult }: FormProps) {
	const [form, fields] = useSchemaForm({
		id: 'nuevos-codigos',
		schema: RegenerateSchema,
		lastResult,
	})
	const pending = usePendingIntent() === TWO_FACTOR_INTENT.regenerate
	return (
		<Form method="post" action={action} {...getFormProps(form)} className="mt-6 max-w-md space-y-4">
			<h3 className="font-semibold text-gray-900 dark:text-white">{messages.regenerateTitle}</h3>
			<p className={mutedText}>{messages.regenerateHint}</p>
			<input type="hidden" name="intent" value={TWO_FACTOR_INTENT.regenerate} />
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field id={fields.code.id} label={messages.disableCodeLabel} errors={fields.code.errors}>
				<input
					{...getInputProps(fields.code, { type: 'text' })}
					key={fields.code.key}
					autoComplete="one-time-code"
					inputMode="numeric"
					className={inputClass}
				/>
			</Field>
			<button type="submit" className={secondaryButtonClass} aria-disabled={pending || undefined}>
				{messages.regenerate}
			</button>
		</Form>
	)
}

function Disable({ action, hasPassword, lastResult }: FormProps & { hasPassword: boolean }) {
	const [form, fields] = useSchemaForm({ id: 'desactivar-2fa', schema: DisableSchema, lastResult })
	const pending = usePendingIntent() === TWO_FACTOR_INTENT.disable
	return (
		<Form method="post" action={action} {...getFormProps(form)} className="mt-6 max-w-md space-y-4">
			<h3 className="font-semibold text-gray-900 dark:text-white">{messages.disableTitle}</h3>
			<p className={mutedText}>
				{hasPassword ? messages.disableHintWithPassword : messages.disableHintCodeOnly}
			</p>
			<input type="hidden" name="intent" value={TWO_FACTOR_INTENT.disable} />
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field id={fields.code.id} label={messages.disableCodeLabel} errors={fields.code.errors}>
				<input
					{...getInputProps(fields.code, { type: 'text' })}
					key={fields.code.key}
					autoComplete="one-time-code"
					inputMode="numeric"
					className={inputClass}
				/>
			</Field>
			{hasPassword ? (
				<Field
					id={fields.currentPassword.id}
					label={messages.disablePasswordLabel}
					errors={fields.currentPassword.errors}
				>
					<input
						{...getInputProps(fields.currentPassword, { type: 'password' })}
						autoComplete="current-password"
						className={inputClass}
					/>
				</Field>
			) : null}
			<button type="submit" className={dangerButtonClass} aria-disabled={pending || undefined}>
				{messages.disable}
			</button>
		</Form>
	)
}
