/** The settings page's tab forms (notifications, appearance, privacy) and its panel styles. */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { useSchemaForm } from '~/components/schema-form'
import { Form } from '@remix-run/react'
import { describedBy, FieldErrors, FormAlert, SubmitButton, Toggle } from '~/components/forms'
import {
	appearanceSchema,
	FONT_SIZE_LABELS,
	FONT_SIZES,
	NOTIFICATION_TOGGLES,
	notificationsSchema,
	privacySchema,
	settingsMessages,
	TABS,
	tabHref,
	THEME_LABELS,
	THEMES,
	type SettingsTab,
	type UserSettingsValues,
} from './settings'
import { useIntentPending } from '~/utils/misc'

/** The `intent` of a tab form's post. */
export const SAVE_INTENT = 'guardar'

export const panelClass =
	'rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'
export const headingClass = 'text-lg font-semibold text-gray-900 dark:text-white'
export const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

const SECTION_SCHEMAS = {
	notificaciones: notificationsSchema,
	apariencia: appearanceSchema,
	privacidad: privacySchema,
} as const

export function SettingsForm({
	tab,
	settings,
	lastResult,
}: {
	/** "Tu marca" has a form of its own (brand-form.tsx). */
	tab: Exclude<SettingsTab, 'marca'>
	settings: UserSettingsValues
	lastResult: SubmissionResult<string[]> | null
}) {
	const schema = SECTION_SCHEMAS[tab]
	const pending = useIntentPending(SAVE_INTENT)
	const [form, fields] = useSchemaForm({
		id: `configuracion-${tab}`,
		schema: schema,
		lastResult,
	})
	const label = TABS.find((item) => item.key === tab)?.label
	// A refused post (only a hand-made one can be) shows what was sent; otherwise what is saved.
	const submitted = lastResult?.initialValue as Record<string, unknown> | undefined
	const checked = (name: keyof UserSettingsValues) =>
		submitted ? submitted[name] === 'on' : Boolean(settings[name])
	const chosen = (name: 'theme' | 'fontSize') =>
		typeof submitted?.[name] === 'string' ? submitted[name] : settings[name]
	const errorsOf = (name: string) =>
		(fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors

	return (
		<Form
			method="post"
			action={tabHref(tab)}
			preventScrollReset
			{...getFormProps(form)}
			aria-labelledby="configuracion-pestana"
			className="mt-6 space-y-5"
		>
			<h2 id="configuracion-pestana" className={headingClass}>
				{label}
			</h2>
			<input type="hidden" name="intent" value={SAVE_INTENT} />
			<input type="hidden" name="seccion" value={tab} />
			<FormAlert id={form.errorId} errors={form.errors} />
			{tab === 'notificaciones' ? (
				<>
					<p className={hintClass}>{settingsMessages.notificationsIntro}</p>
					<div className="space-y-4">
						{NOTIFICATION_TOGGLES.map((toggle) => (
							<div key={toggle.name} className="space-y-1.5">
								<Toggle
									name={toggle.name}
									label={toggle.label}
									defaultChecked={checked(toggle.name)}
									hintId={`${toggle.name}-hint`}
								/>
								<p id={`${toggle.name}-hint`} className={hintClass}>
									{toggle.hint}
								</p>
							</div>
						))}
					</div>
				</>
			) : null}
			{tab === 'apariencia' ? (
				<>
					<RadioGroup
						id="theme"
						name="theme"
						legend="Tema"
						options={THEMES.map((value) => ({ value, label: THEME_LABELS[value] }))}
						value={chosen('theme')}
						errors={errorsOf('theme')}
					/>
					<RadioGroup
						id="fontSize"
						name="fontSize"
						legend="Tamaño de letra"
						options={FONT_SIZES.map((value) => ({ value, label: FONT_SIZE_LABELS[value] }))}
						value={chosen('fontSize')}
						errors={errorsOf('fontSize')}
					/>
					<div className="space-y-1.5">
						<Toggle
							name="reducedMotion"
							label="Reducir animaciones"
							defaultChecked={checked('reducedMotion')}
						/>
						<p className={hintClass}>
							Quita las transiciones y animaciones de toda la web, aunque tu dispositivo no lo pida.
						</p>
					</div>
				</>
			) : null}
			{tab === 'privacidad' ? (
				<>
					<div className="space-y-1.5">
						<Toggle
							name="saveHistory"
							label="Guardar historial de frases"
							defaultChecked={checked('saveHistory')}
						/>
						<p className={hintClass}>
							Desactivado, las frases que generes con tu cuenta ya no se guardan en tu historial (lo
							que ya hay en él se queda hasta que lo borres).
						</p>
					</div>
					<div className="space-y-1.5">
						<Toggle
							name="analytics"
							label="Permitir análisis de uso"
							defaultChecked={checked('analytics')}
						/>
						<p className={hintClass}>
							Guardamos tu preferencia. Frasea no usa herramientas de análisis de terceros.
						</p>
					</div>
				</>
			) : null}
			<div className="flex justify-end">
				<SubmitButton pending={pending} pendingLabel="Guardando..." className="sm:w-auto">
					Guardar cambios
				</SubmitButton>
			</div>
		</Form>
	)
}

export function RadioGroup({
	id,
	name,
	legend,
	options,
	value,
	errors,
}: {
	id: string
	name: string
	legend: string
	options: Array<{ value: string; label: string }>
	value: unknown
	errors?: string[]
}) {
	return (
		<fieldset className="space-y-2">
			<legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{legend}</legend>
			<div className="flex flex-wrap gap-2">
				{options.map((option) => (
					<label
						key={option.value}
						className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm text-gray-800 has-checked:border-brand-500 has-checked:bg-brand-50 dark:border-white/10 dark:text-gray-200 dark:has-checked:bg-brand-500/15"
					>
						<input
							type="radio"
							name={name}
							value={option.value}
							defaultChecked={option.value === value}
							required
							className="size-4 accent-brand-600"
							{...describedBy(id, { errors })}
						/>
						{option.label}
					</label>
				))}
			</div>
			<FieldErrors id={`${id}-error`} errors={errors} />
		</fieldset>
	)
}
