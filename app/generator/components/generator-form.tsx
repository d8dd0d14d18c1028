import { Form, Link } from '@remix-run/react'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { PLATFORM_SIZES, SIZE_KEYS } from '~/cards/sizes'
import { LIMIT_MESSAGES } from '~/generation/errors'
import {
	LANGUAGES,
	LENGTH_SLIDER,
	MAX_CONTEXT_LENGTH,
	MAX_PROMPT_LENGTH,
} from '~/generation/options'
import {
	describedBy,
	Field,
	FieldErrors,
	inputClass,
	NumberSlider,
	primaryButtonClass,
	Toggle,
} from '~/components/forms'
import { REGISTER_LABELS, REGISTERS, SPANISH_VARIANTS, VARIANT_LABELS } from '~/generation/spanish'
import { cx, useHydrated, useIntentPending } from '~/utils/misc'
import { GENERATOR_PAGES, phraseTypeOptions, type Page } from '../pages'
import type { LiveGeneration } from '../stream/live-state'
import { type GeneratorErrors, type GeneratorValues, type QuotaInfo } from '../view'
import { ImagePicker as ServerImagePicker } from './image-picker'

// Only the image pages need the picker's code: the server renders it directly and the
// browser fetches its chunk when image mode is on screen (keeping it off the home page's
// JavaScript budget). Until then React keeps the server's HTML, a plain file input.
const ImagePicker = import.meta.env.SSR
	? ServerImagePicker
	: lazy(() => import('./image-picker').then((module) => ({ default: module.ImagePicker })))

/** True while this page's generate form is being submitted. */
export function useGenerating() {
	return useIntentPending('generate')
}

function LengthField({ defaultValue, errors }: { defaultValue: number; errors?: string[] }) {
	const hydrated = useHydrated()
	const [value, setValue] = useState(String(defaultValue))
	return (
		<Field id="gen-length" label="Longitud aproximada (palabras)" errors={errors}>
			<NumberSlider
				id="gen-length"
				name="length"
				label="Longitud aproximada en palabras"
				range={LENGTH_SLIDER}
				value={value}
				sliderValue={Number(value) || LENGTH_SLIDER.default}
				onChange={setValue}
				slider={hydrated}
				errors={errors}
			/>
		</Field>
	)
}

export function GeneratorForm({
	page,
	values,
	errors,
	quota,
	imageHref,
	textHref,
	onGenerate,
	running,
}: {
	page: Page
	values: GeneratorValues
	errors: GeneratorErrors | null
	quota: QuotaInfo
	/** Image pages: the URLs of the Texto and Imagen tabs. */
	textHref?: string
	imageHref?: string
	/** With JavaScript: takes the submission over (to stream it). */
	onGenerate?: (event: FormEvent<HTMLFormElement>) => void
	/** A streamed generation in progress: the button stops it. */
	running?: LiveGeneration | null
}) {
	const generating = useGenerating()
	const hydrated = useHydrated()
	const [prompt, setPrompt] = useState(values.prompt)
	const imageMode = values.mode === 'image'
	const exhausted = quota.remaining <= 0
	const { counts, chooseCardFormat, pendingLabel } = GENERATOR_PAGES[page]
	const types = phraseTypeOptions(page)

	return (
		<Form
			method="post"
			encType={imageMode ? 'multipart/form-data' : undefined}
			className="space-y-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8 dark:border-white/10 dark:bg-gray-900"
			aria-label="Generador de frases"
			preventScrollReset
			onSubmit={hydrated ? onGenerate : undefined}
		>
			<input type="hidden" name="intent" value="generate" />
			<input type="hidden" name="mode" value={values.mode} />

			{textHref && imageHref ? (
				<nav
					aria-label="Tipo de entrada"
					className="flex gap-2 rounded-xl bg-gray-100 p-1 dark:bg-white/5"
				>
					{[
						{ href: textHref, label: 'Texto', active: !imageMode },
						{ href: imageHref, label: 'Imagen', active: imageMode },
					].map((tab) => (
						<Link
							key={tab.label}
							to={tab.href}
							preventScrollReset
							aria-current={tab.active ? 'page' : undefined}
							className={cx(
								'flex-1 rounded-lg px-4 py-2 text-center text-sm font-semibold',
								tab.active
									? 'bg-white text-brand-700 shadow-sm dark:bg-gray-800 dark:text-brand-200'
									: 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
							)}
						>
							{tab.label}
						</Link>
					))}
				</nav>
			) : null}

			{imageMode ? (
				<>
					<Suspense fallback={null}>
						<ImagePicker page={page} errors={errors?.image} />
					</Suspense>
					<Field id="gen-context" label="Contexto adicional (opcional)" errors={errors?.context}>
						<textarea
							id="gen-context"
							name="context"
							rows={3}
							maxLength={MAX_CONTEXT_LENGTH}
							defaultValue={values.context}
							placeholder="Por ejemplo: es para el lanzamiento de nuestra nueva colección"
							className={inputClass}
							{...describedBy('gen-context', { errors: errors?.context })}
						/>
					</Field>
				</>
			) : (
				<Field id="gen-prompt" label="¿Sobre qué quieres tus frases?" errors={errors?.prompt}>
					<textarea
						id="gen-prompt"
						name="prompt"
						rows={3}
						required
						maxLength={MAX_PROMPT_LENGTH}
						value={prompt}
						onChange={(event) => setPrompt(event.target.value)}
						placeholder="Por ejemplo: frases para motivar a mi equipo un lunes por la mañana"
						className={inputClass}
						{...describedBy('gen-prompt', { errors: errors?.prompt })}
					/>
				</Field>
			)}

			<div className="grid gap-4 sm:grid-cols-2">
				<Field id="gen-language" label="Idioma" errors={errors?.language}>
					<select
						id="gen-language"
						name="language"
						defaultValue={values.language}
						className={inputClass}
					>
						{LANGUAGES.map((language) => (
							<option key={language.value} value={language.value}>
								{language.label}
							</option>
						))}
					</select>
				</Field>
				<Field id="gen-type" label="Tipo de frase" errors={errors?.type}>
					<select id="gen-type" name="type" defaultValue={values.type} className={inputClass}>
						{types.map((type) => (
							<option key={type.value} value={type.value}>
								{type.label}
							</option>
						))}
					</select>
				</Field>
				<SpanishFields values={values} errors={errors} />
				<Field id="gen-count" label="Número de frases" errors={errors?.count}>
					<select
						id="gen-count"
						name="count"
						defaultValue={String(values.count)}
						className={inputClass}
						{...describedBy('gen-count', { errors: errors?.count })}
					>
						{counts.options.map((count) => (
							<option key={count} value={count}>
								{count} {count === 1 ? 'frase' : 'frases'}
							</option>
						))}
					</select>
				</Field>
				{chooseCardFormat ? (
					<Field id="gen-platform" label="Plataforma de destino" errors={errors?.platform}>
						<select
							id="gen-platform"
							name="platform"
							defaultValue={values.platform}
							className={inputClass}
						>
							{SIZE_KEYS.map((key) => (
								<option key={key} value={key}>
									{PLATFORM_SIZES[key].label} · {PLATFORM_SIZES[key].width}×
									{PLATFORM_SIZES[key].height}
								</option>
							))}
						</select>
					</Field>
				) : null}
				<LengthField defaultValue={values.length} errors={errors?.length} />
			</div>

			<details open className="group rounded-xl border border-gray-200 dark:border-white/10">
				<summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-gray-900 select-none dark:text-white">
					Opciones Avanzadas
				</summary>
				<div className="grid gap-3 px-4 pb-4 sm:grid-cols-3">
					<Toggle
						name="includeDate"
						label="Incluir fecha actual"
						defaultChecked={values.includeDate}
					/>
					<Toggle
						name="includeEmojis"
						label="Incluir emojis"
						defaultChecked={values.includeEmojis}
					/>
					<Toggle
						name="includeHashtags"
						label="Incluir hashtags"
						defaultChecked={values.includeHashtags}
					/>
				</div>
			</details>

			{errors?.form?.length ? (
				<div
					role="alert"
					className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/40 dark:bg-red-950 dark:text-red-200"
				>
					<FieldErrors id="gen-form-error" errors={errors.form} />
				</div>
			) : null}

			<div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
				<button
					// One button, so focus stays on it: while phrases stream in, it stops them.
					type={running ? 'button' : 'submit'}
					className={cx(primaryButtonClass, 'w-full sm:w-auto')}
					onClick={(event) => running?.stop(event.detail)}
					disabled={
						running
							? running.status !== 'running'
							: generating || exhausted || (hydrated && !imageMode && prompt.trim().length === 0)
					}
				>
					{running?.status === 'running'
						? 'Detener'
						: generating || running
							? pendingLabel
							: 'Generar Frases'}
				</button>
				<QuotaNotice quota={quota} />
			</div>
		</Form>
	)
}

/**
 * The variety and register of Spanish. Shown only while Spanish is the language: a style
 * rule on the form hides them as soon as another language is selected, before or without
 * JavaScript (app/styles/tailwind.css, `.spanish-only`).
 */
function SpanishFields({
	values,
	errors,
}: {
	values: GeneratorValues
	errors: GeneratorErrors | null
}) {
	const fields = [
		{
			name: 'variant',
			label: 'Variante del español',
			value: values.variant,
			errors: errors?.variant,
			options: SPANISH_VARIANTS.map((value) => ({ value, label: VARIANT_LABELS[value] })),
		},
		{
			name: 'register',
			label: 'Trato',
			value: values.register,
			errors: errors?.register,
			options: REGISTERS.map((value) => ({ value, label: REGISTER_LABELS[value] })),
		},
	]
	return (
		<div className="spanish-only grid gap-4 sm:col-span-2 sm:grid-cols-2">
			{fields.map((field) => (
				<Field key={field.name} id={`gen-${field.name}`} label={field.label} errors={field.errors}>
					<select
						id={`gen-${field.name}`}
						name={field.name}
						defaultValue={field.value}
						className={inputClass}
						{...describedBy(`gen-${field.name}`, { errors: field.errors })}
					>
						{field.options.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</Field>
			))}
		</div>
	)
}

function QuotaNotice({ quota }: { quota: QuotaInfo }) {
	if (quota.remaining <= 0 && (quota.scope === 'ip' || quota.scope === 'global')) {
		// A shared allowance ran out: an account would not help, so no invitation to one.
		return (
			<p role="status" className="text-sm font-medium text-red-700 dark:text-red-400">
				{LIMIT_MESSAGES[quota.scope]}
			</p>
		)
	}
	if (quota.remaining <= 0) {
		return (
			<p role="status" className="text-sm font-medium text-red-700 dark:text-red-400">
				{LIMIT_MESSAGES.own(quota.limit)}
				{quota.signedIn ? null : (
					<>
						{' '}
						<Link to="/register" className="underline">
							Crea una cuenta
						</Link>{' '}
						para tener más generaciones al día.
					</>
				)}
			</p>
		)
	}
	return (
		<p className="text-sm text-gray-600 dark:text-gray-400">
			Te quedan {quota.remaining} de {quota.limit} generaciones hoy.
		</p>
	)
}
