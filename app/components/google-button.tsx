import { Form, useRouteLoaderData } from '@remix-run/react'
import { layoutMessages } from '~/auth/layout-messages'
import { cx, useIsPending } from '~/utils/misc'
import { showToast } from './toaster'

type RootData = { googleEnabled?: boolean }

/** Whether Google sign-in is configured (the root loader says so). */
export function useGoogleEnabled() {
	return useRouteLoaderData<RootData>('root')?.googleEnabled === true
}

function GoogleIcon({ className }: { className?: string }) {
	return (
		<svg viewBox="0 0 24 24" aria-hidden="true" className={cx('size-5 shrink-0', className)}>
			<path
				fill="#4285F4"
				d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
			/>
			<path
				fill="#34A853"
				d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
			/>
			<path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
			<path
				fill="#EA4335"
				d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z"
			/>
		</svg>
	)
}

/**
 * "Continuar con Google": a POST form to /auth/google (works without JavaScript). With
 * JavaScript the button says 'Iniciando sesión con Google...' while the browser leaves.
 */
export function GoogleButton({
	redirectTo,
	compact = false,
	className,
}: {
	redirectTo?: string | null
	compact?: boolean
	className?: string
}) {
	const pending = useIsPending({ formAction: '/auth/google' })
	return (
		<Form
			method="post"
			action="/auth/google"
			className={className}
			onSubmit={() => showToast({ type: 'info', message: layoutMessages.googlePending })}
		>
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<button
				type="submit"
				aria-label={compact ? 'Continuar con Google' : undefined}
				aria-disabled={pending || undefined}
				className={cx(
					'flex w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white font-semibold text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-white/20 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-white/10',
					compact ? 'px-3 py-2 text-sm' : 'px-4 py-2.5',
				)}
			>
				<GoogleIcon />
				{compact ? (
					<span className="hidden lg:inline">Google</span>
				) : (
					<span>{pending ? layoutMessages.googlePending : 'Continuar con Google'}</span>
				)}
			</button>
			<span role="status" className="sr-only">
				{pending ? layoutMessages.googlePending : ''}
			</span>
		</Form>
	)
}
