import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import {
	describedBy,
	Field,
	FormAlert,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { cx, useIntentPending } from '~/utils/misc'
import { TOOL_LIMITS } from './limits'
import { toolsMessages as m } from './messages'
import { FACEBOOK_INTENTS, facebookSettingsSchema } from './schema'
import { KeyField, ModelSelect } from './settings-parts'

export type TestResult =
	{ ok: true; message: string; excerpt: string } | { ok: false; message: string }

/** What the last 'Probar conexión' found, announced when it appears. */
export function TestResultBox({ result }: { result: TestResult }) {
	return (
		<div
			role="status"
			data-testid="resultado-prueba"
			className={cx(
				'rounded-lg border px-4 py-3 text-sm',
				result.ok
					? 'border-green-300 bg-green-50 text-green-900 dark:border-green-500/40 dark:bg-green-950 dark:text-green-100'
					: 'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-950 dark:text-red-100',
			)}
		>
			<p className="font-semibold">{m.testResult}</p>
			<p>{result.message}</p>
			{result.ok ? (
				<p className="mt-1">
					{m.testExcerpt}: <q>{result.excerpt}</q>
				</p>
			) : null}
		</div>
	)
}

/**
 * The address, key and model, with two buttons: save, or test what is typed (an empty key
 * field tests the stored key, at the URL it was saved with only) without saving it.
 */
export function FacebookSettingsForm({
	values,
	storedKey,
	models,
	serviceModel,
	lastResult,
}: {
	values: { baseUrl: string; modelId: string }
	storedKey: string | null
	models: Array<{ id: string; name: string }>
	serviceModel: string
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	const saving = useIntentPending(FACEBOOK_INTENTS.save)
	const testing = useIntentPending(FACEBOOK_INTENTS.test)
	const [form, fields] = useSchemaForm({
		id: 'facebook-api',
		schema: facebookSettingsSchema,
		lastResult,
		defaultValue: values,
	})
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-5">
			<FormAlert id={form.errorId} errors={form.errors} />
			<Field
				id={fields.baseUrl.id}
				label={m.apiUrl}
				errors={fields.baseUrl.errors}
				hint={m.apiUrlHint}
			>
				<input
					{...getInputProps(fields.baseUrl, { type: 'url' })}
					required={undefined}
					maxLength={TOOL_LIMITS.apiUrl}
					placeholder="https://generativelanguage.googleapis.com"
					spellCheck={false}
					autoComplete="off"
					className={inputClass}
					{...describedBy(fields.baseUrl.id, { errors: fields.baseUrl.errors, hint: true })}
				/>
			</Field>
			<KeyField
				field={fields.apiKey}
				label={m.apiKeyFacebook}
				hint={
					storedKey ? `${m.keyOwn(storedKey)}. ${m.apiKeyFacebookStoredHint}` : m.apiKeyFacebookHint
				}
			/>
			<ModelSelect
				field={fields.modelId}
				models={models}
				serviceModel={serviceModel}
				label={m.model}
			/>
			<div className="flex flex-wrap gap-3">
				<button
					type="submit"
					name="intent"
					value={FACEBOOK_INTENTS.save}
					aria-disabled={saving || undefined}
					className={primaryButtonClass}
				>
					{saving ? m.saving : m.save}
				</button>
				<button
					type="submit"
					name="intent"
					value={FACEBOOK_INTENTS.test}
					aria-disabled={testing || undefined}
					className={cx(secondaryButtonClass, 'px-5 py-2.5')}
				>
					{testing ? m.testing : m.test}
				</button>
			</div>
		</Form>
	)
}
