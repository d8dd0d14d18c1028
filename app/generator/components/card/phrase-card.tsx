import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { BACKGROUND_TYPES, BACKGROUND_TYPE_KEYS } from '~/cards/backgrounds/types'
import { type CardView } from '~/generator/view'
import { getFont } from '~/cards/fonts'
import { CARD_MESSAGES } from '~/cards/messages'
import { CARD_PARAMS, type CardState } from '~/cards/params'
import { previewBox } from '~/cards/preview'
import { PLATFORM_SIZES } from '~/cards/sizes'
import { cx } from '~/utils/misc'
import { inputClass, secondaryButtonClass } from '~/components/forms'
import { showToast } from '~/components/toaster'
import {
	ArchiveIcon,
	DownloadIcon,
	HeartIcon,
	PaletteIcon,
	RefreshIcon,
	Spinner,
	UploadIcon,
} from './card-icons'
import { DesignEditor } from './design-editor'
import { UploadPanel } from './upload-panel'
import { useCardCanvas } from './use-card-canvas'

/** File name of a download: frase-{index}-{sizeKey}.jpg. */
function fileName(state: CardState) {
	return `frase-${state.index}-${state.size}.jpg`
}

/** True after the first render in the browser (never during hydration). */
function useMounted() {
	const [mounted, setMounted] = useState(false)
	useEffect(() => setMounted(true), [])
	return mounted
}

/**
 * The image card under a generated phrase. Server-rendered and fully usable without
 * JavaScript (links, GET forms and POST forms, an <img> drawn by the server); with
 * JavaScript the preview is drawn on a canvas, redraws live while designing, and the
 * download comes from the canvas.
 */
export function PhraseCard({
	card,
	error: uploadError,
}: {
	card: CardView
	/** Why the last upload to this card was refused. */
	error: string | null
}) {
	const enhanced = useMounted()
	const serverKey = JSON.stringify(card.state)
	const [draft, setDraft] = useState<CardState>(card.state)
	useEffect(() => setDraft(card.state), [serverKey]) // eslint-disable-line react-hooks/exhaustive-deps

	const state = enhanced ? draft : card.state
	const box = previewBox(state.size)
	const canvas = useCardCanvas({
		enabled: enhanced,
		state,
		backgroundUrl: card.image.background,
		displayWidth: box.width,
	})
	const [imageFailed, setImageFailed] = useState(false)
	const [imageAttempt, setImageAttempt] = useState(0)
	const [exporting, setExporting] = useState(false)
	const backgroundForm = useRef<HTMLFormElement>(null)

	const custom = Boolean(card.state.upload)
	const showCanvas = enhanced && canvas.drawn
	const loading = enhanced && (canvas.status === 'loading' || canvas.status === 'idle')
	const failed = canvas.status === 'error' || (imageFailed && !showCanvas)
	const fontLabel = getFont(state.font).label
	const sizeLabel = PLATFORM_SIZES[state.size].label
	const busy = loading || exporting

	const download = async (event: MouseEvent<HTMLAnchorElement>) => {
		if (!enhanced || canvas.status === 'error') return // the server's download link
		event.preventDefault()
		if (busy || canvas.status !== 'ready') {
			showToast({ type: 'info', message: CARD_MESSAGES.notReady })
			return
		}
		setExporting(true)
		try {
			const { blob, save } = await canvas.exportJpeg()
			save(blob, fileName(state))
			showToast({ type: 'success', message: CARD_MESSAGES.downloaded })
		} catch {
			showToast({ type: 'error', message: CARD_MESSAGES.downloadFailed })
		} finally {
			setExporting(false)
		}
	}

	return (
		<section
			aria-label={`Imagen de la frase ${card.number}`}
			className="space-y-4 rounded-2xl border border-gray-200 bg-gray-50 p-3 sm:p-4 dark:border-white/10 dark:bg-white/[0.03]"
			data-testid="phrase-card"
			data-card={card.number}
			data-status={enhanced ? canvas.status : 'server'}
		>
			{custom ? (
				<div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-500/10 dark:text-brand-100">
					<span className="font-medium">{CARD_MESSAGES.customBackground}</span>
					<Form method="post" action={card.forms.remove} preventScrollReset>
						<button type="submit" className={secondaryButtonClass}>
							Quitar
						</button>
					</Form>
				</div>
			) : (
				<Form
					ref={backgroundForm}
					method="get"
					action={card.forms.apply}
					preventScrollReset
					className="flex flex-wrap items-end gap-2"
				>
					<input type="hidden" name="volver" value={card.forms.back} />
					<input type="hidden" name="n" value={card.number} />
					<div className="min-w-0 flex-1 space-y-1">
						<label
							htmlFor={`tarjeta-${card.number}-tipo`}
							className="block text-sm font-medium text-gray-800 dark:text-gray-200"
						>
							Tipo de fondo
						</label>
						<select
							key={serverKey}
							id={`tarjeta-${card.number}-tipo`}
							name={CARD_PARAMS.background}
							defaultValue={card.state.background}
							className={cx(inputClass, 'py-2')}
							onChange={(event) => {
								const value = event.currentTarget.value as CardState['background']
								setDraft((current) => ({ ...current, background: value }))
								backgroundForm.current?.requestSubmit()
							}}
						>
							{BACKGROUND_TYPE_KEYS.map((type) => (
								<option key={type} value={type}>
									{BACKGROUND_TYPES[type].label}
								</option>
							))}
						</select>
					</div>
					{/* Without JavaScript the select cannot submit itself. */}
					<button type="submit" className={cx(secondaryButtonClass, 'py-2', enhanced && 'sr-only')}>
						Aplicar
					</button>
				</Form>
			)}

			<figure className="mx-auto" style={{ maxWidth: box.width }}>
				<div
					className="relative overflow-hidden rounded-xl bg-gray-200 shadow-sm ring-1 ring-black/5 dark:bg-gray-800 dark:ring-white/10"
					style={{ aspectRatio: `${box.width} / ${box.height}` }}
				>
					{/* Shows through until the image has loaded, with or without JavaScript. */}
					<p className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-gray-600 dark:text-gray-300">
						{CARD_MESSAGES.creating}
					</p>
					{showCanvas ? null : (
						<img
							// A retry mounts a new element on the same signed URL (a parameter added
							// to it would break the signature); a failed load is not reused from cache.
							key={`${card.image.src}#${imageAttempt}`}
							src={card.image.src}
							srcSet={imageAttempt ? undefined : card.image.srcSet}
							sizes={`(min-width: 640px) ${box.width}px, 100vw`}
							width={card.image.width}
							height={card.image.height}
							alt={card.state.text}
							decoding="async"
							onError={() => setImageFailed(true)}
							onLoad={() => setImageFailed(false)}
							className="relative block h-full w-full object-cover"
							data-testid="card-image"
						/>
					)}
					<canvas
						ref={canvas.canvasRef}
						role="img"
						aria-label={state.text}
						hidden={!showCanvas}
						className="relative block h-full w-full"
						data-testid="card-canvas"
					/>
					{enhanced && (loading || failed) ? (
						<div
							role="status"
							className="absolute inset-x-2 bottom-2 flex flex-wrap items-center justify-center gap-2 rounded-lg bg-black/70 px-3 py-2 text-center text-sm text-white"
						>
							{failed ? (
								<>
									<span>{CARD_MESSAGES.loadFailed}</span>
									<button
										type="button"
										className="rounded-md bg-white/15 px-2 py-1 font-medium hover:bg-white/25"
										onClick={() => {
											setImageFailed(false)
											setImageAttempt((value) => value + 1)
											canvas.retry()
										}}
									>
										{CARD_MESSAGES.retry}
									</button>
								</>
							) : (
								<>
									<Spinner />
									<span>{canvas.slow ? CARD_MESSAGES.slow : CARD_MESSAGES.creating}</span>
								</>
							)}
						</div>
					) : null}
				</div>
			</figure>

			{card.errors.length ? (
				<ul role="alert" className="space-y-0.5 text-sm font-medium text-red-700 dark:text-red-400">
					{card.errors.map((error) => (
						<li key={error}>{error}</li>
					))}
				</ul>
			) : null}

			<div className="grid grid-cols-2 gap-2 whitespace-nowrap sm:flex sm:flex-wrap [&_a]:w-full sm:[&_a]:w-auto [&_button]:w-full sm:[&_button]:w-auto max-sm:[&_svg]:hidden">
				{custom ? null : (
					<Link
						to={card.links.newBackground}
						preventScrollReset
						replace
						aria-disabled={loading || undefined}
						onClick={(event) => {
							// One background at a time per card.
							if (loading) event.preventDefault()
						}}
						className={cx(secondaryButtonClass, loading && 'pointer-events-none opacity-60')}
					>
						<RefreshIcon />
						Nuevo Fondo
					</Link>
				)}
				<Link
					to={card.editorOpen ? card.links.closeEditor : card.links.openEditor}
					preventScrollReset
					aria-expanded={card.editorOpen}
					className={secondaryButtonClass}
				>
					<PaletteIcon />
					{card.editorOpen ? 'Cerrar Edición' : 'Editar Diseño'}
				</Link>
				<Link
					to={card.uploadOpen || uploadError ? card.links.closeUpload : card.links.openUpload}
					preventScrollReset
					aria-expanded={card.uploadOpen || Boolean(uploadError)}
					className={secondaryButtonClass}
				>
					<UploadIcon />
					{custom ? 'Cambiar Fondo' : 'Subir Fondo'}
				</Link>
				<Form method="post" action={card.forms.like} preventScrollReset>
					<button
						type="submit"
						aria-pressed={card.liked}
						title="Tus «Me gusta» nos dicen qué modelos escriben las mejores frases"
						className={cx(
							secondaryButtonClass,
							card.liked &&
								'border-rose-300 bg-rose-50 text-rose-700 dark:border-rose-500/40 dark:bg-rose-500/10 dark:text-rose-200',
						)}
					>
						<HeartIcon filled={card.liked} />
						Me Gusta
					</button>
				</Form>
			</div>

			{card.editorOpen ? (
				<DesignEditor
					key={serverKey}
					card={card}
					enhanced={enhanced}
					onDraft={(change) => setDraft((current) => ({ ...current, ...change }))}
				/>
			) : null}
			{card.uploadOpen || uploadError ? <UploadPanel card={card} error={uploadError} /> : null}

			<div className="space-y-2">
				<a
					href={card.image.download}
					download={fileName(card.state)}
					onClick={download}
					aria-disabled={busy || undefined}
					className={cx(
						'flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
						busy && 'cursor-wait opacity-70',
					)}
					data-testid="card-download"
				>
					{busy ? <Spinner className="size-5" /> : <DownloadIcon width={20} height={20} />}
					{busy
						? exporting
							? 'Generando imagen...'
							: `Cargando ${fontLabel}...`
						: `Descargar para ${sizeLabel}`}
				</a>
				<a
					href={card.image.zip}
					download
					className="flex items-center justify-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
				>
					<ArchiveIcon />
					Descargar todos los tamaños (ZIP)
				</a>
			</div>
		</section>
	)
}
