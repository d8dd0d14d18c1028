import { useHydrated } from '~/utils/misc'
import { secondaryButtonClass } from './forms'
import { showToast } from './toaster'

const messages = {
	copied: 'Frase copiada al portapapeles',
	copyFailed: 'No se pudo copiar la frase. Selecciónala y cópiala a mano.',
}

/**
 * Copies a phrase to the clipboard. The clipboard needs JavaScript, so before hydration
 * (and without JavaScript) there is no button: the phrase is plain text, ready to select
 * and copy by hand.
 */
export function CopyButton({
	text,
	label,
	children = 'Copiar',
}: {
	text: string
	/** The button's accessible name when its text alone does not say which phrase. */
	label?: string
	children?: string
}) {
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
			{children}
		</button>
	)
}
