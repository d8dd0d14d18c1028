import {
	type DefaultValue,
	getFormProps,
	getInputProps,
	getTextareaProps,
	type SubmissionResult,
	useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { type ReactNode, useEffect, useState } from 'react'
import { type z } from 'zod'
import { NewPasswordFields } from '~/components/auth-layout'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FormAlert,
	inputClass,
	SubmitButton,
} from '~/components/forms'
import { cx, useIsPending } from '~/utils/misc'
import { formatDate } from './dates'
import { ProfileAvatar } from './profile-avatar'
import {
	AVATAR_ACCEPT,
	AVATAR_MAX_BYTES,
	BIO_MAX_LENGTH,
	passwordSchema,
	PROFILE_INTENT,
	PROFILE_TABS,
	ProfileSchema,
	type ProfileTab,
} from './profile-forms'
import { profileMessages as messages } from './profile-messages'

/** What the profile loader gives the page (see profile.server.ts). */
export type ProfilePageData = {
	tab: ProfileTab
	isAdmin: boolean
	profile: {
		id: string
		name: string
		email: string
		bio: string
		location: string
		website: string
		avatarUrl: string | null
		createdAt: string | null
		updatedAt: string
	}
	hasPassword: boolean
	hasGoogle: boolean
}

export type ProfileActionData =
	| {
			profile: SubmissionResult<string[]> | null
			password: SubmissionResult<string[]> | null
	  }
	| undefined

const REMOVE_AVATAR_FORM = 'quitar-foto'

/**
 * A form of this page: checked in the browser (on blur, then as the user types) with the
 * schema its action checks on the server, and shown back from the action's result after a
 * post (which is all there is without JavaScript).
 */
function useProfileForm<Schema extends z.ZodObject>({
	id,
	schema,
	lastResult,
	defaultValue,
}: {
	id: string
	schema: Schema
	lastResult: SubmissionResult<string[]> | null | undefined
	defaultValue?: DefaultValue<z.input<Schema>>
}) {
	return useForm<z.input<Schema>, z.output<Schema>>({
		id,
		constraint: getZodConstraint(schema),
		lastResult,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		// Once shown, an error goes away as the user types. Revalidating on blur instead would
		// remove it when the pointer presses "Guardar": the button moves up before the
		// pointer is released, and the click is lost.
		shouldRevalidate: 'onInput',
	})
}

/** Which of the page's forms is being sent right now, if any. */
function usePendingIntent() {
	const navigation = useNavigation()
	const submitting = useIsPending({ state: 'submitting' })
	return submitting ? navigation.formData?.get('intent') : null
}

const tabs: Array<{ tab: ProfileTab; label: string }> = [
	{ tab: PROFILE_TABS.personal, label: messages.personalTab },
	{ tab: PROFILE_TABS.account, label: messages.accountTab },
]

/**
 * The profile page. Its two tabs are links (`?tab=`), so each tab is a page of its own that
 * works, reloads and can be bookmarked without JavaScript.
 */
export function ProfilePage({
	data,
	actionData,
	basePath,
}: {
	data: ProfilePageData
	actionData: ProfileActionData
	basePath: string
}) {
	const { profile, tab } = data
	return (
		<section className="space-y-6">
			<header className="flex items-center gap-4">
				<ProfileAvatar name={profile.name} src={profile.avatarUrl} size={72} />
				<div className="min-w-0">
					<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
						{messages.title}
					</h1>
					<p className="truncate text-gray-900 dark:text-gray-100">{profile.name}</p>
					<p className="truncate text-sm text-gray-600 dark:text-gray-400">{profile.email}</p>
					<p className="mt-1">
						<span className="inline-block rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-700 dark:bg-white/10 dark:text-gray-200">
							{data.isAdmin ? messages.admin : messages.standardUser}
						</span>
					</p>
				</div>
			</header>

			<nav
				aria-label="Secciones del perfil"
				className="border-b border-gray-200 dark:border-white/10"
			>
				<ul className="-mb-px flex gap-2">
					{tabs.map((item) => {
						const current = item.tab === tab
						return (
							<li key={item.tab}>
								<Link
									to={`${basePath}?tab=${item.tab}`}
									aria-current={current ? 'page' : undefined}
									preventScrollReset
									className={cx(
										'inline-block border-b-2 px-4 py-2 text-sm font-semibold',
										current
											? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-200'
											: 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
									)}
								>
									{item.label}
								</Link>
							</li>
						)
					})}
				</ul>
			</nav>

			<div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900">
				{tab === PROFILE_TABS.personal ? (
					<PersonalForm
						// A saved profile starts a fresh form (the chosen file cleared).
						key={profile.updatedAt}
						profile={profile}
						lastResult={actionData?.profile}
						basePath={basePath}
					/>
				) : (
					<AccountTab data={data} lastResult={actionData?.password} basePath={basePath} />
				)}
			</div>
		</section>
	)
}

function PersonalForm({
	profile,
	lastResult,
	basePath,
}: {
	profile: ProfilePageData['profile']
	lastResult: SubmissionResult<string[]> | null | undefined
	basePath: string
}) {
	const [form, fields] = useProfileForm({
		id: 'perfil',
		schema: ProfileSchema,
		lastResult,
		defaultValue: {
			name: profile.name,
			bio: profile.bio,
			location: profile.location,
			website: profile.website,
		},
	})
	const pending = usePendingIntent()
	const action = `${basePath}?tab=${PROFILE_TABS.personal}`
	const preview = useAvatarPreview()
	return (
		<>
			<h2 className="text-lg font-semibold text-gray-900 dark:text-white">
				{messages.personalTab}
			</h2>
			<Form
				method="post"
				action={action}
				encType="multipart/form-data"
				{...getFormProps(form)}
				className="mt-4 space-y-5"
			>
				<input type="hidden" name="intent" value={PROFILE_INTENT.save} />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field
					id={fields.avatar.id}
					label="Foto de perfil"
					hint="JPG, PNG o WEBP, menor de 2MB. La recortamos en un cuadrado y le quitamos los datos ocultos (ubicación, cámara)."
					errors={fields.avatar.errors}
				>
					<div className="flex flex-wrap items-center gap-4">
						<ProfileAvatar name={profile.name} src={preview.src ?? profile.avatarUrl} size={56} />
						<input
							{...getInputProps(fields.avatar, { type: 'file' })}
							{...describedBy(fields.avatar.id, { errors: fields.avatar.errors, hint: true })}
							accept={AVATAR_ACCEPT}
							onChange={(event) => {
								preview.show(event.currentTarget.files?.[0])
								// Say at once when the picture is too large, not only on "Guardar".
								form.validate({ name: fields.avatar.name })
							}}
							className="block max-w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-gray-300 dark:file:bg-brand-500/20 dark:file:text-brand-100"
						/>
						{profile.avatarUrl ? (
							<button
								type="submit"
								form={REMOVE_AVATAR_FORM}
								className={dangerButtonClass}
								aria-disabled={pending === PROFILE_INTENT.removeAvatar || undefined}
							>
								Quitar foto
							</button>
						) : null}
					</div>
				</Field>
				<Field id={fields.name.id} label="Nombre" errors={fields.name.errors}>
					<input
						{...getInputProps(fields.name, { type: 'text' })}
						autoComplete="name"
						className={inputClass}
					/>
				</Field>
				<Field id="perfil-correo" label="Correo electrónico" hint={messages.emailReadOnly}>
					<input
						id="perfil-correo"
						type="email"
						value={profile.email}
						readOnly
						{...describedBy('perfil-correo', { hint: true })}
						className={cx(
							inputClass,
							'bg-gray-50 text-gray-600 dark:bg-gray-800 dark:text-gray-400',
						)}
					/>
				</Field>
				<Field
					id={fields.bio.id}
					label="Biografía"
					hint={`Hasta ${BIO_MAX_LENGTH} caracteres.`}
					errors={fields.bio.errors}
				>
					<textarea
						{...getTextareaProps(fields.bio)}
						{...describedBy(fields.bio.id, { errors: fields.bio.errors, hint: true })}
						rows={4}
						className={inputClass}
					/>
				</Field>
				<Field id={fields.location.id} label="Ubicación" errors={fields.location.errors}>
					<input
						{...getInputProps(fields.location, { type: 'text' })}
						autoComplete="address-level2"
						placeholder="Madrid, España"
						className={inputClass}
					/>
				</Field>
				<Field id={fields.website.id} label="Sitio web" errors={fields.website.errors}>
					<input
						// Text, not url: "misitio.es" is accepted (as https) instead of refused by the browser.
						{...getInputProps(fields.website, { type: 'text' })}
						inputMode="url"
						autoComplete="url"
						placeholder="https://tusitio.es"
						className={inputClass}
					/>
				</Field>
				<SubmitButton
					pending={pending === PROFILE_INTENT.save}
					pendingLabel="Guardando..."
					className="sm:w-auto"
				>
					Guardar cambios
				</SubmitButton>
			</Form>
			{profile.avatarUrl ? (
				<Form id={REMOVE_AVATAR_FORM} method="post" action={action} hidden>
					<input type="hidden" name="intent" value={PROFILE_INTENT.removeAvatar} />
				</Form>
			) : null}
		</>
	)
}

/**
 * With JavaScript, the chosen picture shows in place of the current one before it is sent
 * (a local blob: address, released when replaced or when the form goes away).
 */
function useAvatarPreview() {
	const [src, setSrc] = useState<string | null>(null)
	useEffect(
		() => () => {
			if (src) URL.revokeObjectURL(src)
		},
		[src],
	)
	return {
		src,
		show(file: File | undefined) {
			const fits = file && file.size > 0 && file.size < AVATAR_MAX_BYTES
			setSrc(fits && file.type.startsWith('image/') ? URL.createObjectURL(file) : null)
		},
	}
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
	return (
		<>
			<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{term}</dt>
			<dd className="break-all text-gray-900 dark:text-gray-100">{children}</dd>
		</>
	)
}

function AccountTab({
	data,
	lastResult,
	basePath,
}: {
	data: ProfilePageData
	lastResult: SubmissionResult<string[]> | null | undefined
	basePath: string
}) {
	const { profile } = data
	const location = useLocation()
	const methods = [
		data.hasPassword ? 'Correo electrónico y contraseña' : null,
		data.hasGoogle ? 'Google' : null,
	].filter(Boolean)
	return (
		<>
			<h2 className="text-lg font-semibold text-gray-900 dark:text-white">{messages.accountTab}</h2>
			<dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]" data-testid="cuenta">
				<Fact term="Tipo de cuenta">{data.isAdmin ? messages.admin : messages.standardUser}</Fact>
				<Fact term="ID de usuario">
					<code>{profile.id}</code>
				</Fact>
				<Fact term="Fecha de registro">
					{profile.createdAt ? formatDate(profile.createdAt) : messages.notAvailable}
				</Fact>
				<Fact term="Correo electrónico">{profile.email}</Fact>
				<Fact term="Formas de iniciar sesión">
					{methods.length ? methods.join(' · ') : messages.notAvailable}
				</Fact>
			</dl>
			<PasswordForm
				// A new page (the redirect after a change) starts with empty fields.
				key={location.key}
				hasPassword={data.hasPassword}
				email={profile.email}
				lastResult={lastResult}
				action={`${basePath}?tab=${PROFILE_TABS.account}`}
			/>
			<p className="mt-6 text-sm text-gray-600 dark:text-gray-400">{messages.emailReadOnly}</p>
		</>
	)
}

function PasswordForm({
	hasPassword,
	email,
	lastResult,
	action,
}: {
	hasPassword: boolean
	email: string
	lastResult: SubmissionResult<string[]> | null | undefined
	action: string
}) {
	const [form, fields] = useProfileForm({
		id: 'contrasena',
		schema: passwordSchema(email),
		lastResult,
	})
	const intent = hasPassword ? PROFILE_INTENT.changePassword : PROFILE_INTENT.setPassword
	const pending = usePendingIntent() === intent
	const title = hasPassword ? 'Cambiar contraseña' : 'Crear una contraseña'
	return (
		<section
			aria-labelledby="contrasena-titulo"
			className="mt-8 border-t border-gray-200 pt-6 dark:border-white/10"
		>
			<h3 id="contrasena-titulo" className="font-semibold text-gray-900 dark:text-white">
				{title}
			</h3>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				{hasPassword
					? 'Al cambiarla cerraremos la sesión en tus otros dispositivos; en este seguirás dentro.'
					: 'Ahora entras con Google. Con una contraseña podrás iniciar sesión también con tu correo electrónico.'}
			</p>
			<Form
				method="post"
				action={action}
				{...getFormProps(form)}
				className="mt-4 max-w-md space-y-5"
			>
				<input type="hidden" name="intent" value={intent} />
				<FormAlert id={form.errorId} errors={form.errors} />
				{hasPassword ? (
					<Field
						id={fields.currentPassword.id}
						label="Contraseña actual"
						errors={fields.currentPassword.errors}
					>
						<input
							{...getInputProps(fields.currentPassword, { type: 'password' })}
							required
							autoComplete="current-password"
							className={inputClass}
						/>
					</Field>
				) : null}
				<NewPasswordFields
					label="Nueva contraseña"
					password={fields.password}
					confirmPassword={fields.confirmPassword}
				/>
				<SubmitButton pending={pending} pendingLabel="Guardando..." className="sm:w-auto">
					{hasPassword ? 'Cambiar contraseña' : 'Crear contraseña'}
				</SubmitButton>
			</Form>
		</section>
	)
}
