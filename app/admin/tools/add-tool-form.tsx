import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { describedBy, Field, FormAlert, inputClass, SubmitButton, Toggle } from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { TOOL_LIMITS } from './limits'
import { toolsMessages as m } from './messages'
import { newToolSchema } from './schema'
import { useIntentPending } from '~/utils/misc'

export interface ModelChoice {
	id: string
	name: string
}

/**
 * 'Añadir herramienta'. Every check is the server's too; a refused post comes back with
 * what was typed and the reasons (the missing-fields one above the fields).
 */
export function AddToolForm({
	models,
	lastResult,
	intent,
}: {
	models: ModelChoice[]
	lastResult: SubmissionResult<string[]> | null | undefined
	intent: string
}) {
	const pending = useIntentPending(intent)
	const [form, fields] = useSchemaForm({
		id: 'nueva-herramienta',
		schema: newToolSchema,
		lastResult,
		defaultValue: { isActive: true },
	})
	const submitted = lastResult?.initialValue as Record<string, unknown> | undefined
	// Without the fields' `required`, the browser lets an empty form through to the server,
	// which answers with the agreed message.
	const text = (field: typeof fields.name, max: number, hint = false) => ({
		...getInputProps(field, { type: 'text' }),
		required: undefined,
		maxLength: max,
		autoComplete: 'off',
		className: inputClass,
		...describedBy(field.id, { errors: field.errors, hint }),
	})
	return (
		<Form method="post" {...getFormProps(form)} className="space-y-4">
			<input type="hidden" name="intent" value={intent} />
			<FormAlert id={form.errorId} errors={form.errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field id={fields.name.id} label={m.name} errors={fields.name.errors}>
					<input {...text(fields.name, TOOL_LIMITS.name)} />
				</Field>
				<Field
					id={fields.endpoint.id}
					label={m.endpoint}
					errors={fields.endpoint.errors}
					hint={m.endpointHint}
				>
					<input
						{...text(fields.endpoint, TOOL_LIMITS.endpoint, true)}
						placeholder="/hashtags"
						spellCheck={false}
					/>
				</Field>
			</div>
			<Field id={fields.description.id} label={m.description} errors={fields.description.errors}>
				<textarea
					{...getTextareaProps(fields.description)}
					required={undefined}
					maxLength={TOOL_LIMITS.description}
					rows={2}
					className={inputClass}
					{...describedBy(fields.description.id, { errors: fields.description.errors })}
				/>
			</Field>
			<Field id={fields.modelId.id} label={m.modelOptional} errors={fields.modelId.errors}>
				<select
					{...getSelectProps(fields.modelId)}
					className={inputClass}
					{...describedBy(fields.modelId.id, { errors: fields.modelId.errors })}
				>
					<option value="">{m.serviceModel}</option>
					{models.map((model) => (
						<option key={model.id} value={model.id}>
							{model.name}
						</option>
					))}
				</select>
			</Field>
			<Toggle
				name={fields.isActive.name}
				label={m.active}
				defaultChecked={submitted ? submitted.isActive === 'on' : true}
			/>
			<SubmitButton pending={pending} pendingLabel={m.adding} className="sm:w-auto">
				{m.add}
			</SubmitButton>
		</Form>
	)
}
