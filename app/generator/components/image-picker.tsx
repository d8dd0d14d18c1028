import { useEffect, useRef, useState } from 'react'
import { describedBy, Field, inputClass, secondaryButtonClass } from '~/components/forms'
import { MAX_IMAGE_BYTES } from '~/generation/options'
import { imageTypeMessage, VALIDATION_MESSAGES } from '../messages'
import { GENERATOR_PAGES, type Page } from '../pages'

/**
 * The image for image mode. Without JavaScript it is a plain file input checked on the
 * server; with JavaScript it also previews the picture, offers to remove it and rejects an
 * oversize or wrong file at once.
 */
export function ImagePicker({ page, errors }: { page: Page; errors?: string[] }) {
	const inputRef = useRef<HTMLInputElement>(null)
	const [preview, setPreview] = useState<string | null>(null)
	const [clientError, setClientError] = useState<string | null>(null)
	const shownErrors = clientError ? [clientError] : errors
	const { imageTypes, imageHint } = GENERATOR_PAGES[page]

	useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

	function onChange(event: React.ChangeEvent<HTMLInputElement>) {
		const file = event.target.files?.[0]
		setPreview(null)
		setClientError(null)
		event.target.setCustomValidity('')
		if (!file) return
		let problem: string | null = null
		if (file.size > MAX_IMAGE_BYTES) problem = VALIDATION_MESSAGES.imageTooLarge
		else if (!(imageTypes as readonly string[]).includes(file.type))
			problem = imageTypeMessage(page)
		if (problem) {
			setClientError(problem)
			event.target.setCustomValidity(problem)
			return
		}
		setPreview(URL.createObjectURL(file))
	}

	function remove() {
		if (inputRef.current) {
			inputRef.current.value = ''
			inputRef.current.setCustomValidity('')
		}
		setPreview(null)
		setClientError(null)
	}

	return (
		<Field id="gen-image" label="Imagen" errors={shownErrors} hint={imageHint}>
			<input
				ref={inputRef}
				id="gen-image"
				name="image"
				type="file"
				required
				accept={imageTypes.join(',')}
				onChange={onChange}
				className={`${inputClass} file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 dark:file:bg-brand-500/15 dark:file:text-brand-200`}
				{...describedBy('gen-image', { errors: shownErrors, hint: true })}
			/>
			{preview ? (
				<div className="mt-3 flex items-start gap-3">
					<img
						src={preview}
						alt="Vista previa de la imagen elegida"
						className="max-h-48 rounded-xl border border-gray-200 object-contain dark:border-white/10"
					/>
					<button type="button" onClick={remove} className={secondaryButtonClass}>
						Quitar imagen
					</button>
				</div>
			) : null}
		</Field>
	)
}
