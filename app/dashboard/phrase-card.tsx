import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from '@remix-run/react'
import {
	dangerButtonClass,
	Field,
	FormAlert,
	inputClass,
	primaryButtonClass,
	secondaryButtonClass,
} from '~/components/forms'
import { cx } from '~/utils/misc'
import { CopyButton } from '~/components/copy-button'
import { formatDate } from './dates'
import { gradientFor } from './gradients'
import { RowAction } from './row-action'
import { MAX_PHRASE_LENGTH } from '~/generation/options'
import { EditPhraseSchema, PHRASE_INTENT } from './phrases-forms'

export type PhraseCardData = { id: string; content: string; createdAt: string }

/**
 * One saved phrase: its number in the list, the date it was saved, its colour bar, and
 * its actions. `selectionForm` is the id of the page's bulk form its checkbox belongs to
 * (the card holds forms of its own, and forms cannot nest).
 */
export function PhraseCard({
	phrase,
	index,
	layout,
	selectionForm,
	editHref,
	cancelHref,
	editing,
	editResult,
}: {
	phrase: PhraseCardData
	index: number
	layout: 'grid' | 'list'
	selectionForm: string
	editHref: string
	cancelHref: string
	editing: boolean
	editResult: SubmissionResult<string[]> | null
}) {
	const checkboxId = `seleccionar-${phrase.id}`
	return (
		<article
			aria-labelledby={`frase-${phrase.id}-numero`}
			className={cx(
				'relative flex overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-white/10 dark:bg-gray-900',
				layout === 'grid' ? 'flex-col' : 'flex-row',
			)}
			data-testid="frase"
		>
			<div
				aria-hidden="true"
				className={cx(
					'shrink-0 bg-linear-to-r',
					layout === 'grid' ? 'h-2 w-full' : 'w-2 bg-linear-to-b',
					gradientFor(index),
				)}
			/>
			<div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
				<header className="flex items-center gap-3 text-sm text-gray-600 dark:text-gray-400">
					<input
						id={checkboxId}
						type="checkbox"
						name="ids"
						value={phrase.id}
						form={selectionForm}
						className="size-4 accent-brand-600"
					/>
					<label htmlFor={checkboxId} className="sr-only">
						Seleccionar la frase {index}
					</label>
					<span
						id={`frase-${phrase.id}-numero`}
						className="font-semibold text-gray-900 dark:text-white"
					>
						#{index}
					</span>
					<time dateTime={phrase.createdAt} className="ml-auto">
						{formatDate(phrase.createdAt)}
					</time>
				</header>
				{editing ? (
					<EditPhraseForm
						phrase={phrase}
						index={index}
						cancelHref={cancelHref}
						lastResult={editResult}
					/>
				) : (
					<>
						<p className="whitespace-pre-line break-words text-gray-900 select-all dark:text-gray-100">
							{phrase.content}
						</p>
						<div className="mt-auto flex flex-wrap gap-2">
							<CopyButton text={phrase.content} label={`Copiar la frase ${index}`} />
							<Link
								to={editHref}
								preventScrollReset
								className={secondaryButtonClass}
								aria-label={`Editar la frase ${index}`}
							>
								Editar
							</Link>
							<RowAction
								intent={PHRASE_INTENT.card}
								id={phrase.id}
								label={`Crear una imagen con la frase ${index}`}
								className={secondaryButtonClass}
							>
								Crear imagen
							</RowAction>
							<RowAction
								intent={PHRASE_INTENT.delete}
								id={phrase.id}
								label={`Eliminar la frase ${index}`}
								className={dangerButtonClass}
							>
								Eliminar
							</RowAction>
						</div>
					</>
				)}
			</div>
		</article>
	)
}

function EditPhraseForm({
	phrase,
	index,
	cancelHref,
	lastResult,
}: {
	phrase: PhraseCardData
	index: number
	cancelHref: string
	lastResult: SubmissionResult<string[]> | null
}) {
	const [form, fields] = useForm({
		id: `editar-${phrase.id}`,
		constraint: getZodConstraint(EditPhraseSchema),
		lastResult,
		defaultValue: { intent: PHRASE_INTENT.edit, id: phrase.id, content: phrase.content },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: EditPhraseSchema }),
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
			<FormAlert id={form.errorId} errors={form.errors} />
			<input type="hidden" name="intent" value={PHRASE_INTENT.edit} />
			<input type="hidden" name="id" value={phrase.id} />
			<Field
				id={fields.content.id}
				label={`Editar la frase ${index}`}
				errors={fields.content.errors}
				hint={`Hasta ${MAX_PHRASE_LENGTH} caracteres.`}
			>
				<textarea
					{...getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-hint` })}
					rows={4}
					autoFocus
					className={inputClass}
				/>
			</Field>
			<div className="flex flex-wrap gap-2">
				<button type="submit" className={cx(primaryButtonClass, 'px-4 py-1.5 text-sm')}>
					Guardar
				</button>
				<Link to={cancelHref} preventScrollReset className={secondaryButtonClass}>
					Cancelar
				</Link>
			</div>
		</Form>
	)
}
