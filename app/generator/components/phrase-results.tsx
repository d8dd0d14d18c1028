import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { type ReactNode } from 'react'
import { PLATFORM_SIZES, SIZE_KEYS } from '~/cards/sizes'
import { inputClass, primaryButtonClass, secondaryButtonClass } from '~/components/forms'
import { CopyButton } from '~/components/copy-button'
import { MAX_PHRASE_LENGTH } from '~/generation/options'
import { cx, useHydrated } from '~/utils/misc'
import { batchHref, GENERATOR_PAGES, type Page } from '../pages'
import { type BatchView, type CardActionData, type CardsData } from '../view'
import { CardSlot } from './card/card-slot'

function SaveForm({
	batchId,
	position,
	children,
	className,
}: {
	batchId: string
	position?: number
	children: ReactNode
	className?: string
}) {
	return (
		<Form method="post" preventScrollReset className={className}>
			<input
				type="hidden"
				name="intent"
				value={position === undefined ? 'save-all' : 'save-phrase'}
			/>
			<input type="hidden" name="batch" value={batchId} />
			{position === undefined ? null : <input type="hidden" name="position" value={position} />}
			{children}
		</Form>
	)
}

/**
 * The home page's design default: the format every card of the batch is sized for. A
 * change re-applies to all the cards; without JavaScript through its button.
 */
function PlatformForm({ batchId, platform }: { batchId: string; platform: string }) {
	const location = useLocation()
	const submit = useSubmit()
	const hydrated = useHydrated()
	return (
		<Form
			method="post"
			preventScrollReset
			className="flex items-end gap-2"
			onChange={
				hydrated ? (event) => submit(event.currentTarget, { preventScrollReset: true }) : undefined
			}
		>
			<input type="hidden" name="intent" value="set-platform" />
			<input type="hidden" name="batch" value={batchId} />
			<input type="hidden" name="search" value={location.search} />
			<div className="space-y-1">
				<label
					htmlFor="batch-platform"
					className="block text-sm font-medium text-gray-800 dark:text-gray-200"
				>
					Formato de las tarjetas
				</label>
				<select
					key={platform}
					id="batch-platform"
					name="platform"
					defaultValue={platform}
					className={cx(inputClass, 'py-2')}
				>
					{SIZE_KEYS.map((key) => (
						<option key={key} value={key}>
							{PLATFORM_SIZES[key].label}
						</option>
					))}
				</select>
			</div>
			{hydrated ? null : (
				<button type="submit" className={cx(secondaryButtonClass, 'py-2.5')}>
					Aplicar formato
				</button>
			)}
		</Form>
	)
}

function EditForm({
	page,
	batchId,
	position,
	content,
}: {
	page: Page
	batchId: string
	position: number
	content: string
}) {
	const id = `frase-${position}-texto`
	return (
		<Form method="post" preventScrollReset className="space-y-3">
			<input type="hidden" name="intent" value="update-phrase" />
			<input type="hidden" name="batch" value={batchId} />
			<input type="hidden" name="position" value={position} />
			<label htmlFor={id} className="sr-only">
				Texto de la frase {position + 1}
			</label>
			<textarea
				id={id}
				name="content"
				required
				maxLength={MAX_PHRASE_LENGTH}
				rows={3}
				defaultValue={content}
				autoFocus
				className={inputClass}
			/>
			<div className="flex gap-2">
				<button type="submit" className={cx(primaryButtonClass, 'px-4 py-2 text-sm')}>
					Guardar
				</button>
				<Link
					to={batchHref(page, batchId, `#frase-${position}`)}
					preventScrollReset
					className={secondaryButtonClass}
				>
					Cancelar
				</Link>
			</div>
		</Form>
	)
}

export default function PhraseResults({
	page,
	batch,
	editing,
	signedIn,
	cards,
	cardError,
}: {
	page: Page
	batch: BatchView
	editing: number | null
	signedIn: boolean
	/** The image card under each phrase. */
	cards: CardsData | null
	/** A card action's refusal, shown on its card. */
	cardError: CardActionData['cardError'] | null
}) {
	const { chooseCardFormat, copyAndSaveAll } = GENERATOR_PAGES[page]
	const loginHref = `/login?redirectTo=${encodeURIComponent(batchHref(page, batch.id))}`
	const count = batch.phrases.length
	return (
		<section
			id="generated-phrases"
			aria-labelledby="generated-phrases-title"
			// A finished streamed generation moves focus here.
			tabIndex={-1}
			className="space-y-5 focus:outline-none"
		>
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h2
						id="generated-phrases-title"
						className="text-2xl font-bold text-gray-900 dark:text-white"
					>
						Frases Generadas
					</h2>
					<p className="text-sm text-gray-600 dark:text-gray-400">
						{count} {count === 1 ? 'frase generada' : 'frases generadas'}
						{batch.offline ? ' con el motor sin conexión de Frasea' : ''}
					</p>
				</div>
				{chooseCardFormat ? <PlatformForm batchId={batch.id} platform={batch.platform} /> : null}
				{copyAndSaveAll ? (
					signedIn ? (
						<SaveForm batchId={batch.id}>
							<button type="submit" className={cx(primaryButtonClass, 'px-4 py-2 text-sm')}>
								Guardar Todas
							</button>
						</SaveForm>
					) : null
				) : null}
			</div>
			{signedIn ? null : (
				<p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-100">
					<Link to={loginHref} className="font-semibold underline">
						Inicia sesión para guardar frases
					</Link>{' '}
					y volver a esta generación cuando quieras.
				</p>
			)}
			<ol className="space-y-4">
				{batch.phrases.map((phrase) => (
					<li
						key={phrase.position}
						id={`frase-${phrase.position}`}
						className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900"
					>
						<div className="flex items-start gap-4">
							<span
								aria-hidden="true"
								className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200"
							>
								{phrase.position + 1}
							</span>
							<div className="min-w-0 flex-1 space-y-4">
								{editing === phrase.position ? (
									<EditForm
										page={page}
										batchId={batch.id}
										position={phrase.position}
										content={phrase.content}
									/>
								) : (
									<p
										className="text-lg leading-relaxed whitespace-pre-line text-gray-900 dark:text-gray-100"
										data-testid="phrase-text"
									>
										<span className="sr-only">Frase {phrase.position + 1}: </span>
										{phrase.content}
									</p>
								)}
								{editing === phrase.position ? null : (
									<div className="flex flex-wrap gap-2">
										<Link
											to={batchHref(
												page,
												batch.id,
												`&editar=${phrase.position}#frase-${phrase.position}`,
											)}
											preventScrollReset
											className={secondaryButtonClass}
										>
											Editar
										</Link>
										{copyAndSaveAll ? (
											<CopyButton text={phrase.content}>Copiar Frase</CopyButton>
										) : null}
										{signedIn ? (
											<SaveForm batchId={batch.id} position={phrase.position}>
												<button type="submit" className={secondaryButtonClass}>
													Guardar Frase
												</button>
											</SaveForm>
										) : null}
									</div>
								)}
								<CardSlot
									card={cards?.items.find((item) => item.position === phrase.position)}
									error={cardError}
								/>
							</div>
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}
