import { type ReactNode } from 'react'
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
