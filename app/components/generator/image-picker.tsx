import { useEffect, useRef, useState } from 'react'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type Page } from '~/generation/options'
import { VALIDATION_MESSAGES } from '~/generation/validation-messages'
import { describedBy, Field, inputClass, secondaryButtonClass } from './fields'

const acceptLabel: Record<Page, string> = {
	home: '',
	instagram: 'PNG, JPG, GIF o WEBP, hasta 15MB.',
	facebook: 'PNG, JPG o GIF, hasta 15MB.',
}

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

	useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

	function onChange(event: React.ChangeEvent<HTMLInputElement>) {
		const file = event.target.files?.[0]
		setPreview(null)
		setClientError(null)
		event.target.setCustomValidity('')
		if (!file) return
		let problem: string | null = null
		if (file.size > MAX_IMAGE_BYTES) problem = VALIDATION_MESSAGES.imageTooLarge
		else if (!(IMAGE_MIME_TYPES[page] as readonly string[]).includes(file.type))
			problem =
				page === 'instagram'
					? VALIDATION_MESSAGES.imageTypeInstagram
					: VALIDATION_MESSAGES.imageType
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
		<Field id="gen-image" label="Imagen" errors={shownErrors} hint={acceptLabel[page]}>
			<input
				ref={inputRef}
				id="gen-image"
				name="image"
				type="file"
				required
				accept={IMAGE_MIME_TYPES[page].join(',')}
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
