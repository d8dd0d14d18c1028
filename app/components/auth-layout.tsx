import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { type ReactNode } from 'react'
import { PASSWORD_MIN_LENGTH } from '~/auth/password-policy'
import { describedBy, Field, inputClass } from './forms'
import { useGoogleEnabled, GoogleButton } from './google-button'

/** The card the sign-in, registration and recovery pages share. */
export function AuthLayout({
	title,
	subtitle,
	children,
	footer,
}: {
	title: string
	subtitle?: ReactNode
	children: ReactNode
	footer?: ReactNode
}) {
	return (
		<section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
			<div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-white/10 dark:bg-gray-900">
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
				{subtitle ? (
					<p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>
				) : null}
				<div className="mt-6">{children}</div>
			</div>
			{footer ? (
				<div className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">{footer}</div>
			) : null}
		</section>
	)
}

/** "o" divider plus the Google button, shown only when Google sign-in is configured. */
export function GoogleSection({ redirectTo }: { redirectTo?: string | null }) {
	const enabled = useGoogleEnabled()
	if (!enabled) return null
	return (
		<div className="mt-6">
			<div className="relative mb-6 text-center text-sm text-gray-500 dark:text-gray-400">
				<span
					aria-hidden="true"
					className="absolute inset-x-0 top-1/2 border-t border-gray-200 dark:border-white/10"
				/>
				<span className="relative bg-white px-3 dark:bg-gray-900">o</span>
			</div>
			<GoogleButton redirectTo={redirectTo} />
		</div>
	)
}

export const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-300'

/** The account's e-mail address (sign-in, registration, recovery). */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
	return (
		<Field id={field.id} label="Correo electrónico" errors={field.errors}>
			<input
				{...getInputProps(field, { type: 'email' })}
				autoComplete="email"
				className={inputClass}
			/>
		</Field>
	)
}

/** A new password with its rule, and the same again to confirm it. */
export function NewPasswordFields({
	label,
	password,
	confirmPassword,
}: {
	label: string
	password: FieldMetadata<string>
	confirmPassword: FieldMetadata<string>
}) {
	return (
		<>
			<Field
				id={password.id}
				label={label}
				hint="Al menos 8 caracteres y distinta de tu correo electrónico."
				errors={password.errors}
			>
				<input
					{...getInputProps(password, { type: 'password' })}
					{...describedBy(password.id, { errors: password.errors, hint: true })}
					autoComplete="new-password"
					minLength={PASSWORD_MIN_LENGTH}
					className={inputClass}
				/>
			</Field>
			<Field id={confirmPassword.id} label="Confirmar contraseña" errors={confirmPassword.errors}>
				<input
					{...getInputProps(confirmPassword, { type: 'password' })}
					autoComplete="new-password"
					className={inputClass}
				/>
			</Field>
		</>
	)
}
