/** The "Tu marca" tab of the settings page: the handle, its corner, the new cards' design. */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FontOptions } from '~/components/font-options'
import { CORNERS } from '~/cards/handle'
import { OVERLAY } from '~/cards/params'
import {
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import {
	BRAND_INTENT,
	BRAND_TAB,
	brandMessages as messages,
	brandSchema,
	CORNER_LABELS,
	type BrandValues,
} from './brand'
import { tabHref } from './settings'
import { headingClass, hintClass, RadioGroup } from './settings-form'
import { useIntentPending } from '~/utils/misc'

export function BrandForm({
	brand,
	lastResult,
}: {
	brand: BrandValues
	lastResult: SubmissionResult<string[]> | null
}) {
	const pending = useIntentPending(BRAND_INTENT)
	const [form, fields] = useSchemaForm({
		id: 'configuracion-marca',
		schema: brandSchema,
		lastResult,
		defaultValue: {
			handle: brand.handle ?? '',
			corner: brand.corner,
			useDesign: brand.useDesign ? 'on' : undefined,
			font: brand.font,
			color: brand.color,
			overlay: String(brand.overlay),
		},
	})
	// A refused post shows what was sent (Conform keeps it); otherwise what is saved.
	const submitted = lastResult?.initialValue as Record<string, unknown> | undefined
	const useDesign = submitted ? submitted.useDesign === 'on' : brand.useDesign
	const corner = typeof submitted?.corner === 'string' ? submitted.corner : brand.corner

	return (
		<Form
			method="post"
			action={tabHref(BRAND_TAB)}
			preventScrollReset
			{...getFormProps(form)}
			aria-labelledby="configuracion-pestana"
			className="mt-6 space-y-5"
		>
			<h2 id="configuracion-pestana" className={headingClass}>
				{messages.title}
			</h2>
			<input type="hidden" name="intent" value={BRAND_INTENT} />
			<FormAlert id={form.errorId} errors={form.errors} />
			<p className={hintClass}>{messages.intro}</p>
			<Field
				id={fields.handle.id}
				label={messages.handleLabel}
				hint={messages.handleHint}
				errors={fields.handle.errors}
			>
				<input
					{...getInputProps(fields.handle, { type: 'text' })}
					{...describedBy(fields.handle.id, { errors: fields.handle.errors, hint: true })}
					autoComplete="off"
					spellCheck={false}
					placeholder="@mi_cuenta"
					className={inputClass}
				/>
			</Field>
			<RadioGroup
				id={fields.corner.id}
				name={fields.corner.name}
				legend={messages.cornerLegend}
				options={CORNERS.map((value) => ({ value, label: CORNER_LABELS[value] }))}
				value={corner}
				errors={fields.corner.errors}
			/>
			<fieldset className="space-y-4">
				<legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
					{messages.designLegend}
				</legend>
				<div className="space-y-1.5">
					<Toggle
						name={fields.useDesign.name}
						label={messages.useDesign}
						defaultChecked={useDesign}
					/>
					<p className={hintClass}>{messages.useDesignHint}</p>
					<FieldErrors id={`${fields.useDesign.id}-error`} errors={fields.useDesign.errors} />
				</div>
				<div className="grid grid-cols-1 gap-4 sm:grid-cols-3 [&>*]:min-w-0">
					<Field id={fields.font.id} label={messages.fontLabel} errors={fields.font.errors}>
						<select
							id={fields.font.id}
							name={fields.font.name}
							defaultValue={typeof submitted?.font === 'string' ? submitted.font : brand.font}
							{...describedBy(fields.font.id, { errors: fields.font.errors })}
							className={inputClass}
						>
							<FontOptions />
						</select>
					</Field>
					<Field id={fields.color.id} label={messages.colorLabel} errors={fields.color.errors}>
						<input
							{...getInputProps(fields.color, { type: 'color' })}
							className="h-11 w-24 cursor-pointer rounded-xl border border-gray-300 bg-white p-1 dark:border-white/15 dark:bg-gray-900"
						/>
					</Field>
					<Field
						id={fields.overlay.id}
						label={messages.overlayLabel}
						errors={fields.overlay.errors}
					>
						<input
							{...getInputProps(fields.overlay, { type: 'number' })}
							step={OVERLAY.step}
							inputMode="decimal"
							className={inputClass}
						/>
					</Field>
				</div>
			</fieldset>
			<div className="flex justify-end">
				<SubmitButton pending={pending} pendingLabel="Guardando..." className="sm:w-auto">
					Guardar cambios
				</SubmitButton>
			</div>
		</Form>
	)
}
