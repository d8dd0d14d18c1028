import { useEffect, useState } from 'react'
import { cx, useHydrated } from '~/utils/misc'
import { CloseIcon } from './icons'

type ToastMessage = { id: string; type: 'success' | 'error' | 'info'; message: string }

const listeners = new Set<(toast: ToastMessage) => void>()
const lifetimeMs = 7000

/** Shows a toast from the browser (e.g. after copying to the clipboard). */
export function showToast(toast: Omit<ToastMessage, 'id'>) {
	const message = { ...toast, id: crypto.randomUUID() }
	for (const listener of listeners) listener(message)
}

const styles = {
	success:
		'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-500/40 dark:bg-emerald-950 dark:text-emerald-100',
	error:
		'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-950 dark:text-red-100',
	info: 'border-gray-300 bg-white text-gray-900 dark:border-white/20 dark:bg-gray-900 dark:text-gray-100',
}

/**
 * Toasts flashed by the server arrive through the root loader and are in the HTML, so they
 * show (and fade away through CSS) without JavaScript; with it they can also be dismissed.
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
	const hydrated = useHydrated()
	const [toasts, setToasts] = useState<ToastMessage[]>(serverToast ? [serverToast] : [])

	useEffect(() => {
		if (!serverToast) return
		setToasts((current) =>
			current.some((toast) => toast.id === serverToast.id) ? current : [...current, serverToast],
		)
	}, [serverToast])

	useEffect(() => {
		const add = (toast: ToastMessage) => setToasts((current) => [...current, toast])
		listeners.add(add)
		return () => {
			listeners.delete(add)
		}
	}, [])

	useEffect(() => {
		if (toasts.length === 0) return
		const timer = setTimeout(() => setToasts((current) => current.slice(1)), lifetimeMs)
		return () => clearTimeout(timer)
	}, [toasts])

	const dismiss = (id: string) => setToasts((current) => current.filter((toast) => toast.id !== id))

	return (
		<div
			role="status"
			aria-live="polite"
			className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:left-auto"
		>
			{toasts.map((toast) => (
				<div
					key={toast.id}
					data-testid="toast"
					data-type={toast.type}
					className={cx(
						'toast-auto-hide pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg',
						styles[toast.type],
					)}
				>
					<p className="flex-1">{toast.message}</p>
					{hydrated ? (
						<button
							type="button"
							onClick={() => dismiss(toast.id)}
							className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
						>
							<CloseIcon width={16} height={16} />
							<span className="sr-only">Cerrar aviso</span>
						</button>
					) : null}
				</div>
			))}
		</div>
	)
}
