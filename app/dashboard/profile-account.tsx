import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation } from '@remix-run/react'
import { type ReactNode } from 'react'
import { NewPasswordFields } from '~/components/auth-layout'
import { Field, FormAlert, inputClass, SubmitButton, Toggle } from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { usePendingIntent } from '~/utils/misc'
import { formatDate } from './dates'
import { passwordSchema, PROFILE_INTENT, PROFILE_TABS } from './profile-forms'
import { profileMessages as messages } from './profile-messages'
import { type ProfilePageData } from './profile-page'

/** The profile's 'Cuenta' tab: the account's facts and its password form. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
	return (
		<>
			<dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{term}</dt>
			<dd className="break-all text-gray-900 dark:text-gray-100">{children}</dd>
		</>
	)
}

export function AccountTab({
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
	const [form, fields] = useSchemaForm({
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
					? 'Si alguien más pudiera conocer tu contraseña, cierra también la sesión en tus otros dispositivos; en este seguirás dentro.'
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
				<Toggle name="closeOtherSessions" label={messages.closeOtherSessions} defaultChecked />
				<SubmitButton pending={pending} pendingLabel="Guardando..." className="sm:w-auto">
					{hasPassword ? 'Cambiar contraseña' : 'Crear contraseña'}
				</SubmitButton>
			</Form>
		</section>
	)
}
