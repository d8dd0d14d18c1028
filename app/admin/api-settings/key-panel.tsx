/**
 * The API Key tab: what answers now, the provider choice, Gemini's key and address, and the
 * OpenAI-compatible server. A key is never shown (only its last 4 characters) and its field
 * always starts empty.
 */
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { type FormEvent, type ReactNode } from 'react'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	SubmitButton,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { PROVIDER_IDS } from '~/generation/providers/types'
import { apiSettingsMessages as m } from './messages'
import type { ProviderView } from './provider.server'
import {
	geminiAddressSchema,
	geminiKeySchema,
	openaiSchema,
	providerSchema,
	tabHref,
} from './schemas'
import { hintClass, IntentButton, Section, sourceLabel, type LastResultFor } from './ui'
import { useIntentPending } from '~/utils/misc'

const action = tabHref('clave')

/** The hidden button Conform submits its own intents (validate on blur…) with. */
const CONFORM_INTENT = '__intent__'

/**
 * Conform's submit handler, then: when the browser refused the form (bad input), the key
 * typed is wiped as it would be after the server's refusal. Conform's own intents (a
 * field checked on blur) are submissions it always stops: they leave the key alone.
 */
function clearingKeyOnRefusal(onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
	return (event: FormEvent<HTMLFormElement>) => {
		onSubmit(event)
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		if (!event.defaultPrevented || submitter?.getAttribute('name') === CONFORM_INTENT) return
		const key = event.currentTarget.elements.namedItem('apiKey')
		if (key instanceof HTMLInputElement) key.value = ''
	}
}

/** A form with a key field, posted to this tab; the key is wiped when the browser refuses it. */
function KeyForm({
	props,
	children,
}: {
	props: ReturnType<typeof getFormProps>
	children: ReactNode
}) {
	return (
		<Form
			method="post"
			action={action}
			{...props}
			onSubmit={clearingKeyOnRefusal(props.onSubmit)}
			className="space-y-4"
		>
			{children}
		</Form>
	)
}

/** A key field: password, never prefilled, never remembered by the browser. */
function keyInputProps(field: { id: string; name: string; errors?: string[] }, hint: boolean) {
	return {
		id: field.id,
		name: field.name,
		type: 'password',
		autoComplete: 'off',
		spellCheck: false,
		className: inputClass,
		...describedBy(field.id, { errors: field.errors, hint }),
	} as const
}

/** The keys that are not sent to the address in use, and the one each belongs to. */
function IdleKeys({ keys, envName }: { keys: ProviderView['gemini']['idle']; envName: string }) {
	if (keys.length === 0) return null
	return (
		<ul className="space-y-1 text-sm text-amber-800 dark:text-amber-200">
			{keys.map((key) => (
				<li key={`${key.source}-${key.value}`} data-testid="clave-de-otra-direccion">
					{m.keyIdle(key.value, sourceLabel(key.source, envName), key.address)}
				</li>
			))}
		</ul>
	)
}

/** 'Restablecer clave', while the panel holds a key of this provider (in use or not). */
function ResetKeyButton({ provider, view }: { provider: 'gemini' | 'openai'; view: ProviderView }) {
	const { key, idle } = view[provider]
	if (key?.source !== 'admin' && !idle.some((other) => other.source === 'admin')) return null
	return (
		<IntentButton
			tab="clave"
			intent="restablecer-clave"
			fields={[['provider', provider]]}
			className={dangerButtonClass}
		>
			{m.resetKey}
		</IntentButton>
	)
}

export function InForceSummary({ view }: { view: ProviderView }) {
	const chosen = m.providerLabels[view.chosen.value]
	return (
		<Section id="en-uso" title={m.inUseTitle}>
			<dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6" data-testid="en-uso">
				<dt className="font-medium text-gray-800 dark:text-gray-200">{m.providerChosen}</dt>
				<dd>{`${chosen} (${sourceLabel(view.chosen.source)})`}</dd>
				<dt className="font-medium text-gray-800 dark:text-gray-200">{m.answering}</dt>
				<dd>
					{view.answering === 'offline'
						? m.offlineAnswers
						: `${m.providerShort[view.answering]}${view.model ? ` · ${view.model.value} (${sourceLabel(view.model.source)})` : ''}`}
				</dd>
			</dl>
			{view.missing.length > 0 ? (
				<p role="note" className="text-sm font-medium text-amber-800 dark:text-amber-200">
					{m.incomplete(m.providerShort[view.chosen.value], view.missing.join(m.and))}
				</p>
			) : null}
		</Section>
	)
}

function ProviderForm({
	view,
	lastResultFor,
}: {
	view: ProviderView
	lastResultFor: LastResultFor
}) {
	const [form, fields] = useSchemaForm({
		id: 'proveedor',
		schema: providerSchema,
		lastResult: lastResultFor('proveedor'),
		defaultValue: { provider: view.chosen.value },
	})
	const pending = useIntentPending('proveedor')
	return (
		<Section id="proveedor-titulo" title={m.providerTitle}>
			<Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
				<input type="hidden" name="intent" value="proveedor" />
				<fieldset className="space-y-2" aria-describedby={fields.provider.errorId}>
					<legend className="mb-2 text-sm font-medium text-gray-800 dark:text-gray-200">
						{m.providerLegend}
					</legend>
					{PROVIDER_IDS.map((id) => (
						<label key={id} className="flex items-center gap-3 text-sm">
							<input
								type="radio"
								name={fields.provider.name}
								value={id}
								defaultChecked={view.chosen.value === id}
								className="size-4 accent-brand-600"
							/>
							<span>{m.providerLabels[id]}</span>
						</label>
					))}
					<FieldErrors id={fields.provider.errorId} errors={fields.provider.errors} />
				</fieldset>
				<SubmitButton pending={pending} pendingLabel={m.saving} className="sm:w-auto">
					{m.saveProvider}
				</SubmitButton>
			</Form>
			{view.chosen.source === 'admin' ? (
				<div className="flex flex-wrap items-center gap-3">
					<IntentButton tab="clave" intent="proveedor-restablecer">
						{m.resetProvider}
					</IntentButton>
					<p className={hintClass}>{m.resetProviderHint}</p>
				</div>
			) : null}
		</Section>
	)
}

function GeminiForms({
	view,
	lastResultFor,
}: {
	view: ProviderView
	lastResultFor: LastResultFor
}) {
	const [keyForm, keyFields] = useSchemaForm({
		id: 'clave-gemini',
		schema: geminiKeySchema,
		lastResult: lastResultFor('clave-gemini'),
	})
	const [addressForm, addressFields] = useSchemaForm({
		id: 'direccion-gemini',
		schema: geminiAddressSchema,
		lastResult: lastResultFor('direccion-gemini'),
		defaultValue: { baseUrl: view.gemini.savedBaseUrl ?? '' },
	})
	const key = view.gemini.key
	return (
		<Section id="gemini-titulo" title={m.geminiTitle}>
			<KeyForm props={getFormProps(keyForm)}>
				<input type="hidden" name="intent" value="clave-gemini" />
				<FormAlert id={keyForm.errorId} errors={keyForm.errors} />
				<Field
					id={keyFields.apiKey.id}
					label={m.apiKey}
					errors={keyFields.apiKey.errors}
					hint={
						<>
							<span data-testid="clave-gemini-en-uso">
								{key ? m.keyInForce(key.value, sourceLabel(key.source, 'GEMINI_API_KEY')) : m.noKey}
							</span>{' '}
							{m.keyHint}
						</>
					}
				>
					<input {...keyInputProps(keyFields.apiKey, true)} />
				</Field>
				<SubmitButton
					pending={useIntentPending('clave-gemini')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.saveKey}
				</SubmitButton>
			</KeyForm>
			<IdleKeys keys={view.gemini.idle} envName="GEMINI_API_KEY" />
			<ResetKeyButton provider="gemini" view={view} />
			<KeyForm props={getFormProps(addressForm)}>
				<input type="hidden" name="intent" value="direccion-gemini" />
				<Field
					id={addressFields.baseUrl.id}
					label={m.geminiBaseUrl}
					errors={addressFields.baseUrl.errors}
					hint={m.geminiBaseUrlHint(
						view.gemini.baseUrl.value,
						sourceLabel(view.gemini.baseUrl.source, 'GEMINI_BASE_URL'),
					)}
				>
					<input
						{...getInputProps(addressFields.baseUrl, { type: 'text' })}
						inputMode="url"
						spellCheck={false}
						placeholder="https://generativelanguage.googleapis.com"
						className={inputClass}
						{...describedBy(addressFields.baseUrl.id, {
							errors: addressFields.baseUrl.errors,
							hint: true,
						})}
					/>
				</Field>
				<Field
					id={addressFields.apiKey.id}
					label={m.addressKey}
					errors={addressFields.apiKey.errors}
					hint={m.addressKeyHint}
				>
					<input {...keyInputProps(addressFields.apiKey, true)} />
				</Field>
				<SubmitButton
					pending={useIntentPending('direccion-gemini')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.saveAddress}
				</SubmitButton>
			</KeyForm>
		</Section>
	)
}

function OpenAIForm({ view, lastResultFor }: { view: ProviderView; lastResultFor: LastResultFor }) {
	const [form, fields] = useSchemaForm({
		id: 'openai',
		schema: openaiSchema,
		lastResult: lastResultFor('openai'),
		defaultValue: { baseUrl: view.openai.baseUrl?.value ?? '' },
	})
	const { key, baseUrl, model } = view.openai
	return (
		<Section id="openai-titulo" title={m.openaiTitle}>
			<KeyForm props={getFormProps(form)}>
				<input type="hidden" name="intent" value="openai" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field
					id={fields.baseUrl.id}
					label={m.openaiBaseUrl}
					errors={fields.baseUrl.errors}
					hint={m.openaiBaseUrlHint(
						baseUrl
							? `${baseUrl.value} (${sourceLabel(baseUrl.source, 'OPENAI_BASE_URL')})`
							: m.none,
					)}
				>
					<input
						{...getInputProps(fields.baseUrl, { type: 'text' })}
						required={undefined}
						inputMode="url"
						spellCheck={false}
						placeholder="http://127.0.0.1:11434/v1"
						className={inputClass}
						{...describedBy(fields.baseUrl.id, { errors: fields.baseUrl.errors, hint: true })}
					/>
				</Field>
				<Field
					id={fields.apiKey.id}
					label={m.apiKeyOptional}
					errors={fields.apiKey.errors}
					hint={
						<>
							<span data-testid="clave-openai-en-uso">
								{key ? m.keyInForce(key.value, sourceLabel(key.source, 'OPENAI_API_KEY')) : m.noKey}
							</span>{' '}
							{m.openaiKeyHint}
						</>
					}
				>
					<input {...keyInputProps(fields.apiKey, true)} />
				</Field>
				<IdleKeys keys={view.openai.idle} envName="OPENAI_API_KEY" />
				<p className={hintClass}>
					{`${m.modelInForce}: ${model ? `${model.value} (${sourceLabel(model.source, 'OPENAI_MODEL')})` : m.none}. ${m.openaiModelHint}`}
				</p>
				<SubmitButton
					pending={useIntentPending('openai')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.saveOpenAI}
				</SubmitButton>
			</KeyForm>
			<div className="flex flex-wrap gap-2">
				{baseUrl?.source === 'admin' ? (
					<IntentButton tab="clave" intent="openai-restablecer-direccion">
						{m.resetAddress}
					</IntentButton>
				) : null}
				<ResetKeyButton provider="openai" view={view} />
			</div>
		</Section>
	)
}

export function KeyPanel({
	view,
	lastResultFor,
}: {
	view: ProviderView
	lastResultFor: LastResultFor
}) {
	return (
		<div className="space-y-6">
			<InForceSummary view={view} />
			<ProviderForm view={view} lastResultFor={lastResultFor} />
			<GeminiForms view={view} lastResultFor={lastResultFor} />
			<OpenAIForm view={view} lastResultFor={lastResultFor} />
		</div>
	)
}
