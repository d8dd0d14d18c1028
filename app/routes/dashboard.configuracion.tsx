import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { clearSessionCookie } from '~/auth/session.server'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	secondaryButtonClass,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { showToast } from '~/components/toaster'
import {
	checkDeletionConfirmation,
	deleteAccount,
	hasPassword,
	isMainAdmin,
	MainAdminError,
} from '~/dashboard/account-deletion.server'
import { exportFileName } from '~/dashboard/export.server'
import { ListErrorBoundary } from '~/dashboard/list-error-boundary'
import { badRequest } from '~/dashboard/responses.server'
import {
	appearanceSchema,
	DELETE_INTENT,
	deletionSchema,
	FONT_SIZE_LABELS,
	FONT_SIZES,
	notificationsSchema,
	parseTab,
	privacySchema,
	sectionValues,
	SETTINGS_PATH,
	settingsMessages as messages,
	settingsSchema,
	TABS,
	tabHref,
	THEME_LABELS,
	THEMES,
	type SettingsTab,
	type UserSettingsValues,
} from '~/dashboard/settings'
import { getSettings, saveSettings } from '~/dashboard/settings.server'
import { readFormData } from '~/utils/form-data.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { getTheme, setTheme } from '~/utils/theme.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () =>
	pageMeta({
		title: messages.title,
		description: 'Tus preferencias de Frasea: notificaciones, apariencia y privacidad.',
		path: SETTINGS_PATH,
		noindex: true,
	})

export const handle = { breadcrumb: messages.title } satisfies BreadcrumbHandle

const SAVE_INTENT = 'guardar'

/** What the page shows before the user saved anything: the defaults, in the theme on screen. */
async function currentSettings(request: Request, userId: string) {
	return getSettings(userId, (await getTheme(request)) ?? 'system')
}

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const tab = parseTab(new URL(request.url).searchParams.get('pestana'))
	const [settings, withPassword] = await Promise.all([
		currentSettings(request, user.id),
		hasPassword(user.id),
	])
	return {
		tab,
		settings,
		hasPassword: withPassword,
		mainAdmin: isMainAdmin(user.email),
		exportFileName: exportFileName(user.id),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readFormData(request)
	const intent = formData.get('intent')

	if (intent === SAVE_INTENT) {
		const submission = parseWithZod(formData, { schema: settingsSchema })
		if (submission.status !== 'success') {
			return data({ settings: submission.reply(), deletion: null }, { status: 400 })
		}
		const { value } = submission
		await saveSettings(user.id, sectionValues(value), await currentSettings(request, user.id))
		const headers = new Headers()
		// The cookie follows, so the site keeps this theme once the user signs out.
		if (value.seccion === 'apariencia') headers.append('set-cookie', await setTheme(value.theme))
		return redirectWithToast(
			tabHref(value.seccion),
			{ type: 'success', message: messages.saved },
			{ headers },
		)
	}

	if (intent === DELETE_INTENT) {
		const submission = parseWithZod(formData, { schema: deletionSchema })
		const refuse = (status: number, errors: { form?: string; email?: string; password?: string }) =>
			data(
				{
					settings: null,
					deletion: submission.reply({
						hideFields: ['password'],
						...(errors.form ? { formErrors: [errors.form] } : {}),
						fieldErrors: {
							...(errors.email ? { email: [errors.email] } : {}),
							...(errors.password ? { password: [errors.password] } : {}),
						},
					}),
				},
				{ status },
			)
		if (isMainAdmin(user.email)) return refuse(403, { form: messages.mainAdmin })
		if (submission.status !== 'success') return refuse(400, {})
		const check = await checkDeletionConfirmation(user, submission.value)
		if (!check.ok) return refuse(check.status, { [check.field]: check.message })
		try {
			await deleteAccount(user.id)
		} catch (error) {
			if (error instanceof MainAdminError) return refuse(403, { form: messages.mainAdmin })
			console.error('Account deletion failed', error)
			return refuse(500, { form: messages.deleteError })
		}
		return redirectWithToast(
			'/',
			{ type: 'success', message: messages.accountDeleted },
			{ headers: { 'set-cookie': await clearSessionCookie() } },
		)
	}

	badRequest('No sabemos qué hacer con este formulario. Recarga la página e inténtalo de nuevo.')
}

const panelClass =
	'rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'
const headingClass = 'text-lg font-semibold text-gray-900 dark:text-white'
const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

export default function SettingsPage() {
	const { tab, settings, hasPassword, mainAdmin, exportFileName } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
				{messages.title}
			</h1>
			<div className={panelClass}>
				<nav aria-label="Apartados de la configuración">
					<ul className="flex flex-wrap gap-2 border-b border-gray-200 pb-3 dark:border-white/10">
						{TABS.map((item) => (
							<li key={item.key}>
								<Link
									to={tabHref(item.key)}
									preventScrollReset
									aria-current={item.key === tab ? 'page' : undefined}
									className={cx(
										'block rounded-lg px-3 py-2 text-sm font-medium',
										item.key === tab
											? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
											: 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/10',
									)}
								>
									{item.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				{/* Keyed by tab: each tab's form starts from what is saved. */}
				<SettingsForm
					key={tab}
					tab={tab}
					settings={settings}
					lastResult={actionData?.settings ?? null}
				/>
			</div>
			<DataSection
				fileName={exportFileName}
				hasPassword={hasPassword}
				mainAdmin={mainAdmin}
				lastResult={actionData?.deletion ?? null}
			/>
		</div>
	)
}

const SECTION_SCHEMAS = {
	notificaciones: notificationsSchema,
	apariencia: appearanceSchema,
	privacidad: privacySchema,
} as const

function SettingsForm({
	tab,
	settings,
	lastResult,
}: {
	tab: SettingsTab
	settings: UserSettingsValues
	lastResult: SubmissionResult<string[]> | null
}) {
	const schema = SECTION_SCHEMAS[tab]
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === SAVE_INTENT
	const [form, fields] = useForm({
		id: `configuracion-${tab}`,
		constraint: getZodConstraint(schema),
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
					<p className={hintClass}>
						Elige qué avisos quieres recibir de Frasea. Los correos sobre la seguridad de tu cuenta
						(confirmación y recuperación de contraseña) se envían siempre.
					</p>
					<div className="space-y-2">
						<Toggle
							name="notifyNewFeatures"
							label="Nuevas funciones"
							defaultChecked={checked('notifyNewFeatures')}
						/>
						<Toggle
							name="notifyTips"
							label="Consejos y sugerencias"
							defaultChecked={checked('notifyTips')}
						/>
						<Toggle
							name="notifyActivity"
							label="Actividad de tu cuenta"
							defaultChecked={checked('notifyActivity')}
						/>
						<Toggle
							name="notifyEmail"
							label="Notificaciones por correo electrónico"
							defaultChecked={checked('notifyEmail')}
						/>
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

function RadioGroup({
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

function DataSection({
	fileName,
	hasPassword,
	mainAdmin,
	lastResult,
}: {
	fileName: string
	hasPassword: boolean
	mainAdmin: boolean
	lastResult: SubmissionResult<string[]> | null
}) {
	const navigation = useNavigation()
	const pending =
		navigation.state !== 'idle' && navigation.formData?.get('intent') === DELETE_INTENT
	const [form, fields] = useForm({
		id: 'eliminar-cuenta',
		constraint: getZodConstraint(deletionSchema),
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: deletionSchema }),
		// Not on blur: a message vanishing as the field loses focus would move the button
		// away from under the pointer between press and release.
		shouldRevalidate: 'onInput',
	})
	return (
		<>
			<section aria-labelledby="exportar-datos" className={panelClass}>
				<h2 id="exportar-datos" className={headingClass}>
					Exportar mis datos
				</h2>
				<p className={cx(hintClass, 'mt-2')}>
					Descarga un archivo JSON con tu perfil, tu configuración, tus frases guardadas y tu
					historial.
				</p>
				<a
					href={`${SETTINGS_PATH}/exportar`}
					download={fileName}
					className={cx(secondaryButtonClass, 'mt-4')}
					onClick={() => showToast({ type: 'success', message: messages.exported })}
				>
					Exportar datos
				</a>
			</section>
			<section
				aria-labelledby="eliminar-cuenta-titulo"
				className={cx(panelClass, 'border-red-200 dark:border-red-500/30')}
			>
				<h2 id="eliminar-cuenta-titulo" className={headingClass}>
					Eliminar cuenta
				</h2>
				{mainAdmin ? (
					<p className={cx(hintClass, 'mt-2')}>{messages.mainAdmin}</p>
				) : (
					<>
						<p className={cx(hintClass, 'mt-2')}>
							Se borrarán para siempre tu perfil, tus frases guardadas, tu historial, tu
							configuración, tus imágenes subidas y tus sesiones. No se puede deshacer: exporta
							antes tus datos si quieres conservarlos.
						</p>
						<Form method="post" {...getFormProps(form)} className="mt-4 max-w-md space-y-4">
							<input type="hidden" name="intent" value={DELETE_INTENT} />
							<FormAlert id={form.errorId} errors={form.errors} />
							<Field
								id={fields.email.id}
								label="Escribe tu correo electrónico para confirmar"
								errors={fields.email.errors}
							>
								<input
									{...getInputProps(fields.email, { type: 'email' })}
									autoComplete="off"
									className={inputClass}
								/>
							</Field>
							{hasPassword ? (
								<Field
									id={fields.password.id}
									label="Tu contraseña"
									errors={fields.password.errors}
								>
									<input
										{...getInputProps(fields.password, { type: 'password' })}
										required
										autoComplete="current-password"
										className={inputClass}
									/>
								</Field>
							) : null}
							<button
								type="submit"
								aria-disabled={pending || undefined}
								className={dangerButtonClass}
							>
								{pending ? 'Eliminando cuenta...' : 'Eliminar mi cuenta'}
							</button>
						</Form>
					</>
				)}
			</section>
		</>
	)
}

export function ErrorBoundary() {
	return <ListErrorBoundary loadError={messages.unavailable} />
}
