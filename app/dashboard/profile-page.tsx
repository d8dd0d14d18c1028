import {
	getFormProps,
	getInputProps,
	getTextareaProps,
	type SubmissionResult,
} from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FormAlert,
	inputClass,
	SubmitButton,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { cx, usePendingIntent } from '~/utils/misc'
import { ProfileAvatar } from './profile-avatar'
import {
	AVATAR_ACCEPT,
	AVATAR_MAX_BYTES,
	BIO_MAX_LENGTH,
	PROFILE_INTENT,
	PROFILE_TABS,
	ProfileSchema,
	type ProfileTab,
} from './profile-forms'
import { profileMessages as messages } from './profile-messages'
import { AccountTab } from './profile-account'
import { SecurityTab } from './profile-security'
import type { DeviceSession } from './sessions.server'

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
	/**
	 * Whether the account's address is confirmed. Until it is, no way in can be added
	 * (two-factor, a linked identity): the account may belong to whoever owns the mailbox.
	 */
	emailVerified: boolean
	/** The signed-in devices, on the 'Seguridad' tab only. */
	sessions: DeviceSession[] | null
}

export type ProfileActionData =
	| {
			profile: SubmissionResult<string[]> | null
			password: SubmissionResult<string[]> | null
	  }
	| undefined

const REMOVE_AVATAR_FORM = 'quitar-foto'

const tabs: Array<{ tab: ProfileTab; label: string }> = [
	{ tab: PROFILE_TABS.personal, label: messages.personalTab },
	{ tab: PROFILE_TABS.account, label: messages.accountTab },
	{ tab: PROFILE_TABS.security, label: messages.securityTab },
]

/**
 * The profile page. Its tabs are links (`?tab=`), so each tab is a page of its own that
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
				) : tab === PROFILE_TABS.account ? (
					<AccountTab data={data} lastResult={actionData?.password} basePath={basePath} />
				) : (
					<SecurityTab data={data} basePath={basePath} />
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
	const [form, fields] = useSchemaForm({
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
