/**
 * The Configuración Avanzada tab: the shared generation parameters (sliders that are plain
 * number boxes without JavaScript) and the daily generation limits.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	NumberSlider,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import type { AdvancedParams } from '~/settings/ai-config.server'
import { type Source } from '~/settings/in-force'
import { useHydrated, useIntentPending } from '~/utils/misc'
import type { LimitView } from './advanced.server'
import { apiSettingsMessages as m } from './messages'
import { ADVANCED_RANGES, advancedSchema, LIMIT_NAMES, limitsSchema, tabHref } from './schemas'
import { hintClass, IntentButton, Section, sourceLabel, type LastResultFor } from './ui'

export interface AdvancedView {
	advanced: { value: AdvancedParams; source: Source }
	limits: Record<(typeof LIMIT_NAMES)[number], LimitView & { envName: string }>
}

const action = tabHref('avanzada')

/** What a refused post sent, else `fallback`. */
function submitted(
	lastResult: SubmissionResult<string[]> | undefined,
	name: string,
	fallback: string,
) {
	const value = (lastResult?.initialValue as Record<string, unknown> | undefined)?.[name]
	return typeof value === 'string' ? value : fallback
}

function Slider({
	name,
	label,
	initial,
	errors,
	decimal,
}: {
	name: keyof typeof ADVANCED_RANGES
	label: string
	initial: string
	errors?: string[]
	decimal?: boolean
}) {
	const hydrated = useHydrated()
	const [value, setValue] = useState(initial)
	const range = ADVANCED_RANGES[name]
	const id = `avanzada-${name}`
	return (
		<Field id={id} label={label} errors={errors}>
			<NumberSlider
				id={id}
				name={name}
				label={label}
				range={range}
				value={value}
				sliderValue={Number.isFinite(Number(value)) && value !== '' ? Number(value) : range.min}
				onChange={setValue}
				slider={hydrated}
				inputMode={decimal ? 'decimal' : 'numeric'}
				errors={errors}
			/>
		</Field>
	)
}

function AdvancedForm({
	view,
	lastResultFor,
}: {
	view: AdvancedView
	lastResultFor: LastResultFor
}) {
	const lastResult = lastResultFor('avanzada')
	const [form, fields] = useSchemaForm({ id: 'avanzada', schema: advancedSchema, lastResult })
	const { value, source } = view.advanced
	const initial = (name: keyof typeof ADVANCED_RANGES) =>
		submitted(lastResult, name, String(value[name]))
	const enhance = lastResult
		? submitted(lastResult, 'enhanceQuality', '') === 'on'
		: value.enhanceQuality
	return (
		<Section id="avanzada-titulo" title={m.advancedTitle}>
			<p className={hintClass} data-testid="avanzada-en-uso">
				{source === 'admin' ? m.advancedInForce(sourceLabel(source)) : m.advancedBuiltIn}
			</p>
			<Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
				<input type="hidden" name="intent" value="avanzada" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Slider
					name="temperature"
					label={m.temperature}
					initial={initial('temperature')}
					errors={fields.temperature.errors}
					decimal
				/>
				<Slider
					name="topP"
					label={m.topP}
					initial={initial('topP')}
					errors={fields.topP.errors}
					decimal
				/>
				<Slider
					name="maxTokens"
					label={m.maxTokens}
					initial={initial('maxTokens')}
					errors={fields.maxTokens.errors}
				/>
				<Toggle name="enhanceQuality" label={m.enhanceQuality} defaultChecked={enhance} />
				<FieldErrors id={fields.enhanceQuality.errorId} errors={fields.enhanceQuality.errors} />
				<SubmitButton
					pending={useIntentPending('avanzada')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.saveAdvanced}
				</SubmitButton>
			</Form>
			{source === 'admin' ? (
				<IntentButton tab="avanzada" intent="avanzada-restablecer" className={dangerButtonClass}>
					{m.resetAdvanced}
				</IntentButton>
			) : null}
		</Section>
	)
}

function LimitsForm({ view, lastResultFor }: { view: AdvancedView; lastResultFor: LastResultFor }) {
	const lastResult = lastResultFor('limites')
	const [form, fields] = useSchemaForm({ id: 'limites', schema: limitsSchema, lastResult })
	return (
		<Section id="limites-titulo" title={m.limitsTitle}>
			<p className={hintClass}>{m.limitsIntro}</p>
			<Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
				<input type="hidden" name="intent" value="limites" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<div className="grid gap-4 sm:grid-cols-2">
					{LIMIT_NAMES.map((name) => {
						const field = fields[name]
						const limit = view.limits[name]
						const shown = name === 'global' && limit.value === 0 ? m.noLimit : String(limit.value)
						return (
							<Field
								key={name}
								id={field.id}
								label={m.limitLabels[name]}
								errors={field.errors}
								hint={m.limitInForce(shown, sourceLabel(limit.source, limit.envName))}
							>
								{/* Text, not number: a value out of range reaches the server and its reason. */}
								<input
									id={field.id}
									name={field.name}
									type="text"
									inputMode="numeric"
									autoComplete="off"
									defaultValue={submitted(lastResult, name, limit.saved)}
									placeholder={String(limit.value)}
									className={inputClass}
									{...describedBy(field.id, { errors: field.errors, hint: true })}
								/>
							</Field>
						)
					})}
				</div>
				<SubmitButton
					pending={useIntentPending('limites')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.saveLimits}
				</SubmitButton>
			</Form>
		</Section>
	)
}

export function AdvancedPanel({
	view,
	lastResultFor,
}: {
	view: AdvancedView
	lastResultFor: LastResultFor
}) {
	return (
		<div className="space-y-6">
			<AdvancedForm view={view} lastResultFor={lastResultFor} />
			<LimitsForm view={view} lastResultFor={lastResultFor} />
		</div>
	)
}
