/**
 * The Prueba tab: a prompt sent once to the provider in force; its answer (or its error)
 * in a box labelled 'Respuesta', with who answered. With JavaScript a toast says it went
 * well; without it the same words sit above the answer.
 */
import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect } from 'react'
import { describedBy, Field, FormAlert, inputClass, SubmitButton } from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { showToast } from '~/components/toaster'
import { MAX_PROMPT_LENGTH } from '~/generation/options'
import { useHydrated, useIntentPending } from '~/utils/misc'
import { apiSettingsMessages as m } from './messages'
import { tabHref, testSchema } from './schemas'
import type { TestOutcome } from './test-prompt.server'
import { hintClass, Section, type LastResultFor } from './ui'

const providerNames: Record<string, string> = {
	gemini: 'Gemini',
	openai: 'Compatible con OpenAI',
}

function Answer({ outcome }: { outcome: Exclude<TestOutcome, { status: 'rate_limited' }> }) {
	const hydrated = useHydrated()
	const ok = outcome.status === 'ok'
	return (
		<section aria-labelledby="respuesta-titulo" className="space-y-2" data-testid="respuesta">
			{ok && !hydrated ? (
				<p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
					{m.testOk}
				</p>
			) : null}
			<h3 id="respuesta-titulo" className="text-sm font-semibold text-gray-900 dark:text-white">
				{m.response}
			</h3>
			<div
				className={
					ok
						? 'whitespace-pre-wrap rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm text-gray-900 dark:border-white/10 dark:bg-gray-950 dark:text-gray-100'
						: 'whitespace-pre-wrap rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-500/40 dark:bg-red-950 dark:text-red-100'
				}
				role={ok ? undefined : 'alert'}
			>
				{ok ? outcome.text : m.errorPrefix(outcome.error)}
			</div>
			<p className={hintClass} data-testid="respondio">
				{outcome.provider === 'offline'
					? m.answeredOffline
					: m.answeredBy(providerNames[outcome.provider] ?? outcome.provider, outcome.model)}
			</p>
		</section>
	)
}

export function TestPanel({
	lastResultFor,
	outcome,
}: {
	lastResultFor: LastResultFor
	outcome: TestOutcome | null
}) {
	const [form, fields] = useSchemaForm({
		id: 'prueba',
		schema: testSchema,
		lastResult: lastResultFor('prueba'),
	})
	useEffect(() => {
		if (outcome?.status === 'ok') showToast({ type: 'success', message: m.testOk })
	}, [outcome])
	return (
		<Section id="prueba-titulo" title={m.testTitle}>
			<Form
				method="post"
				action={tabHref('prueba')}
				preventScrollReset
				{...getFormProps(form)}
				className="space-y-4"
			>
				<input type="hidden" name="intent" value="prueba" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field id={fields.prompt.id} label={m.testPrompt} errors={fields.prompt.errors}>
					<textarea
						{...getTextareaProps(fields.prompt)}
						required={undefined}
						maxLength={MAX_PROMPT_LENGTH}
						rows={4}
						className={inputClass}
						{...describedBy(fields.prompt.id, { errors: fields.prompt.errors })}
					/>
				</Field>
				<SubmitButton
					pending={useIntentPending('prueba')}
					pendingLabel={m.running}
					className="sm:w-auto"
				>
					{m.runTest}
				</SubmitButton>
			</Form>
			{outcome && outcome.status !== 'rate_limited' ? <Answer outcome={outcome} /> : null}
		</Section>
	)
}
