/**
 * Pieces the Instagram and Facebook settings pages share: the model select, the password
 * field for a key (never prefilled), the small forms beside the main one (remove the key,
 * reset) and the pages' panel style.
 */
import { Form } from '@remix-run/react'
import { describedBy, Field, inputClass, secondaryButtonClass } from '~/components/forms'
import { cx } from '~/utils/misc'
import { TOOL_LIMITS } from './limits'
import { toolsMessages as m } from './messages'

export const panelClass =
	'rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'
export const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

export const SETTINGS_INTENTS = {
	save: 'guardar',
	removeKey: 'quitar-clave',
	reset: 'restablecer',
} as const

interface FieldMeta {
	id: string
	name: string
	errors?: string[]
	initialValue?: unknown
}

export function ModelSelect({
	field,
	models,
	serviceModel,
	label,
}: {
	field: FieldMeta
	models: Array<{ id: string; name: string }>
	serviceModel: string
	label: string
}) {
	const initial = typeof field.initialValue === 'string' ? field.initialValue : ''
	return (
		<Field id={field.id} label={label} errors={field.errors}>
			<select
				id={field.id}
				name={field.name}
				defaultValue={initial}
				className={inputClass}
				{...describedBy(field.id, { errors: field.errors })}
			>
				<option value="">{m.serviceModelOption(serviceModel)}</option>
				{models.map((model) => (
					<option key={model.id} value={model.id}>
						{model.name}
					</option>
				))}
			</select>
		</Field>
	)
}

/** A key field: empty keeps the stored key, so it is never filled in from the server. */
export function KeyField({
	field,
	label,
	hint,
}: {
	field: FieldMeta
	label: string
	hint: string
}) {
	return (
		<Field id={field.id} label={label} errors={field.errors} hint={hint}>
			<input
				id={field.id}
				name={field.name}
				type="password"
				autoComplete="new-password"
				spellCheck={false}
				maxLength={TOOL_LIMITS.apiKey}
				className={inputClass}
				{...describedBy(field.id, { errors: field.errors, hint: true })}
			/>
		</Field>
	)
}

/** Which key is in force, with 'Quitar clave' when the page has one of its own. */
export function KeyInForce({ inForce, stored }: { inForce: string; stored: string | null }) {
	return (
		<div className="flex flex-wrap items-center justify-between gap-3">
			<p className={hintClass} data-testid="clave-en-uso">
				<span className="font-medium text-gray-800 dark:text-gray-200">{m.keyInForce}:</span>{' '}
				{inForce}
			</p>
			{stored ? (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value={SETTINGS_INTENTS.removeKey} />
					<button type="submit" className={cx(secondaryButtonClass, 'text-xs')}>
						{m.removeKey}
					</button>
				</Form>
			) : null}
		</div>
	)
}

/** 'Restablecer': deletes what the page saved. */
export function ResetForm({ saved }: { saved: boolean }) {
	return (
		<div className="flex flex-wrap items-center justify-between gap-3">
			<p className={hintClass}>{saved ? m.resetHint : m.nothingSaved}</p>
			{saved ? (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value={SETTINGS_INTENTS.reset} />
					<button type="submit" className={secondaryButtonClass}>
						{m.reset}
					</button>
				</Form>
			) : null}
		</div>
	)
}
