import { Form, Link, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { type CardView } from '~/generator/view'
import { cx } from '~/utils/misc'
import {
	FieldErrors,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'
import { Spinner } from './card-icons'

// The server checks the bytes; these give the same messages at once in the browser.
const ACCEPTED = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']
const MAX_BYTES = 10 * 1024 * 1024
const MESSAGES = {
	format: 'Formato de archivo no válido. Por favor, usa JPG, PNG o WEBP.',
	size: 'El archivo es demasiado grande. Tamaño máximo: 10MB.',
}

/** The custom-background upload of a card: a multipart POST to the page's action. */
export function UploadPanel({ card, error }: { card: CardView; error: string | null }) {
	const navigation = useNavigation()
	const [clientError, setClientError] = useState<string | null>(null)
	const id = `tarjeta-${card.number}-fondo`
	const uploading =
		navigation.state === 'submitting' && navigation.formAction?.includes('_tarjeta=subir')
	const errors = clientError ? [clientError] : error ? [error] : null
	return (
		<Form
			method="post"
			encType="multipart/form-data"
			action={card.forms.upload}
			preventScrollReset
			className="space-y-3 rounded-xl border border-gray-200 bg-white p-3 sm:p-4 dark:border-white/10 dark:bg-gray-950"
			data-testid="upload-panel"
			onSubmit={(event) => {
				if (clientError) event.preventDefault()
			}}
		>
			<div className="space-y-1.5">
				<label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
					Imagen de fondo
				</label>
				<input
					id={id}
					type="file"
					name="fondo"
					accept="image/jpeg,image/png,image/webp"
					required
					aria-invalid={errors ? true : undefined}
					aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ''}`}
					onChange={(event) => {
						const file = event.currentTarget.files?.[0]
						if (!file) return setClientError(null)
						if (file.type && !ACCEPTED.includes(file.type)) setClientError(MESSAGES.format)
						else if (file.size > MAX_BYTES) setClientError(MESSAGES.size)
						else setClientError(null)
					}}
					className={cx(
						inputClass,
						'min-w-0',
						'file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 dark:file:bg-brand-500/20 dark:file:text-brand-100',
					)}
				/>
				<p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
					JPG, PNG o WEBP de hasta 10MB. La guardamos sin sus metadatos y solo tú puedes verla.
				</p>
				<FieldErrors id={`${id}-error`} errors={errors} />
			</div>
			<div className="flex flex-wrap gap-2">
				<button
					type="submit"
					disabled={uploading}
					className={cx(primaryButtonClass, 'px-4 py-2 text-sm')}
				>
					{uploading ? <Spinner /> : null}
					{uploading ? 'Subiendo...' : 'Subir Imagen'}
				</button>
				<Link to={card.links.closeUpload} preventScrollReset className={secondaryButtonClass}>
					Cancelar
				</Link>
			</div>
		</Form>
	)
}
