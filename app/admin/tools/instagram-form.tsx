import {
	getFormProps,
	getInputProps,
	getTextareaProps,
	type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import {
	describedBy,
	Field,
	FormAlert,
	inputClass,
	NumberSlider,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { useHydrated, useIntentPending } from '~/utils/misc'
import { SAMPLING_RANGES, TOOL_LIMITS } from './limits'
import { toolsMessages as m } from './messages'
import { instagramSettingsSchema } from './schema'
import { hintClass, KeyField, ModelSelect, SETTINGS_INTENTS } from './settings-parts'

export interface InstagramValues {
	name: string
	description: string
	isActive: boolean
	modelId: string
	customPrompt: string
	includeSystemPrompt: boolean
	temperature: number
	maxTokens: number
	topP: number
}

/** A number box with its slider; the box's text is what is posted. */
function SliderField({
	field,
	label,
	sliderLabel,
	range,
	fallback,
}: {
	field: { id: string; name: string; errors?: string[]; initialValue?: unknown }
	label: string
	sliderLabel: string
	range: { min: number; max: number; step: number }
	fallback: number
}) {
	const hydrated = useHydrated()
	const initial = typeof field.initialValue === 'string' ? field.initialValue : String(fallback)
	const [value, setValue] = useState(initial)
	const number = Number.parseFloat(value)
	return (
		<Field id={field.id} label={label} errors={field.errors}>
			<NumberSlider
				id={field.id}
				name={field.name}
				label={sliderLabel}
				range={range}
				value={value}
				sliderValue={Number.isFinite(number) ? number : fallback}
				onChange={setValue}
				slider={hydrated}
				inputMode="decimal"
				errors={field.errors}
			/>
		</Field>
	)
}

export function InstagramSettingsForm({
	values,
	models,
	serviceModel,
	lastResult,
}: {
	values: InstagramValues
	models: Array<{ id: string; name: string }>
	serviceModel: string
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	const pending = useIntentPending(SETTINGS_INTENTS.save)
	const [form, fields] = useSchemaForm({
		id: 'instagram-api',
		schema: instagramSettingsSchema,
		lastResult,
		defaultValue: {
			...values,
			temperature: String(values.temperature),
			maxTokens: String(values.maxTokens),
			topP: String(values.topP),
		},
	})
	// A refused post shows what was sent (the key aside); otherwise what is saved.
	const submitted = lastResult?.initialValue as Record<string, unknown> | undefined
	const checked = (name: 'isActive' | 'includeSystemPrompt') =>
		submitted ? submitted[name] === 'on' : values[name]
	const text = (field: typeof fields.name, max: number) => ({
		...getInputProps(field, { type: 'text' }),
		required: undefined,
		maxLength: max,
		autoComplete: 'off',
		className: inputClass,
		...describedBy(field.id, { errors: field.errors }),
	})
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-5">
			<input type="hidden" name="intent" value={SETTINGS_INTENTS.save} />
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field id={fields.name.id} label={m.name} errors={fields.name.errors}>
					<input {...text(fields.name, TOOL_LIMITS.name)} />
				</Field>
				<Field id={fields.description.id} label={m.description} errors={fields.description.errors}>
					<input {...text(fields.description, TOOL_LIMITS.description)} />
				</Field>
			</div>
			<div className="space-y-1">
				<Toggle
					name={fields.isActive.name}
					label={m.generatorActive}
					defaultChecked={checked('isActive')}
				/>
				<p className={hintClass}>{m.generatorActiveHint}</p>
			</div>
			<KeyField field={fields.apiKey} label={m.apiKey} hint={m.apiKeyHint} />
			<ModelSelect
				field={fields.modelId}
				models={models}
				serviceModel={serviceModel}
				label={m.model}
			/>
			<Field
				id={fields.customPrompt.id}
				label={m.template}
				errors={fields.customPrompt.errors}
				hint={m.templateHint}
			>
				<textarea
					{...getTextareaProps(fields.customPrompt)}
					required={undefined}
					maxLength={TOOL_LIMITS.template}
					rows={4}
					className={inputClass}
					{...describedBy(fields.customPrompt.id, {
						errors: fields.customPrompt.errors,
						hint: true,
					})}
				/>
			</Field>
			<div className="space-y-1">
				<Toggle
					name={fields.includeSystemPrompt.name}
					label={m.includeSystemPrompt}
					defaultChecked={checked('includeSystemPrompt')}
				/>
				<p className={hintClass}>{m.includeSystemPromptHint}</p>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<SliderField
					field={fields.temperature}
					label={m.temperature}
					sliderLabel={m.temperatureSlider}
					range={SAMPLING_RANGES.temperature}
					fallback={values.temperature}
				/>
				<Field id={fields.maxTokens.id} label={m.maxTokens} errors={fields.maxTokens.errors}>
					<input
						{...getInputProps(fields.maxTokens, { type: 'number' })}
						{...SAMPLING_RANGES.maxTokens}
						inputMode="numeric"
						className={inputClass}
						{...describedBy(fields.maxTokens.id, { errors: fields.maxTokens.errors })}
					/>
				</Field>
				<SliderField
					field={fields.topP}
					label={m.topP}
					sliderLabel={m.topPSlider}
					range={SAMPLING_RANGES.topP}
					fallback={values.topP}
				/>
			</div>
			<SubmitButton pending={pending} pendingLabel={m.saving} className="sm:w-auto">
				{m.save}
			</SubmitButton>
		</Form>
	)
}
