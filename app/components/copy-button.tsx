import { showToast } from '~/components/toaster'
import { secondaryButtonClass } from '~/components/forms'
import { useHydrated } from '~/utils/misc'
import { dashboardMessages as messages } from './messages'

/**
 * Copies a phrase to the clipboard. The clipboard needs JavaScript, so before hydration
 * (and without JavaScript) there is no button: the phrase text itself selects whole on a
 * click (CSS user-select: all), ready to copy by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
	const hydrated = useHydrated()
	if (!hydrated) return null
	return (
		<button
			type="button"
			className={secondaryButtonClass}
			aria-label={label}
			onClick={() => {
				navigator.clipboard.writeText(text).then(
					() => showToast({ type: 'success', message: messages.copied }),
					() => showToast({ type: 'error', message: messages.copyFailed }),
				)
			}}
		>
			Copiar
		</button>
	)
}
