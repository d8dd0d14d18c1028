/**
 * The Modelos tab: the admin's models for the provider in force (which one is in use, or
 * which default applies), the provider's own catalogue on request, and a custom model by
 * URL. Every button is a post; removing asks first (a step in the page without JavaScript).
 */
import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { cellClass, StatTable } from '~/admin/stat-table'
import { ConfirmStep } from '~/dashboard/confirm-step'
import {
	dangerButtonClass,
	describedBy,
	Field,
	FormAlert,
	inputClass,
	secondaryButtonClass,
	SubmitButton,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { type Source } from '~/settings/in-force'
import { cx, useIntentPending } from '~/utils/misc'
import { apiSettingsMessages as m } from './messages'
import type { ModelProvider, ModelRowView, ProviderModels } from './models.server'
import { customModelSchema, NAME_MAX_LENGTH, tabHref } from './schemas'
import { hintClass, IntentButton, Section, sourceLabel, type LastResultFor } from './ui'

export interface ModelsView {
	/** The provider in force; null for the offline engine (it has no models). */
	provider: ModelProvider | null
	rows: ModelRowView[]
	/** The provider's default when none of the list is in use. */
	fallback: { value: string; source: Source } | null
	/** The catalogue, when the admin asked for it. */
	catalogue: ProviderModels | null
}

const envModel = { gemini: 'GEMINI_MODEL', openai: 'OPENAI_MODEL' } as const

function ModelTable({ provider, rows }: { provider: ModelProvider; rows: ModelRowView[] }) {
	return (
		<StatTable headers={[m.columnName, m.columnModel, m.columnUrl, m.columnActions]}>
			{rows.map((row) => (
				<tr key={row.id} data-testid="fila-modelo">
					<th scope="row" className={cx(cellClass, 'font-medium')}>
						{row.name}
						{row.inUse ? (
							<span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-100">
								{m.inUse}
							</span>
						) : null}
					</th>
					<td className={cx(cellClass, 'break-all font-mono text-xs')}>{row.model}</td>
					<td className={cx(cellClass, 'break-all font-mono text-xs')}>
						{provider === 'gemini' && row.url ? row.url : m.noCustomUrl}
					</td>
					<td className={cellClass}>
						<div className="flex flex-wrap gap-2">
							{row.inUse ? null : (
								<IntentButton
									tab="modelos"
									intent="usar-modelo"
									fields={[['modelId', row.id]]}
									label={`${m.useModel}: ${row.name}`}
								>
									{m.useModel}
								</IntentButton>
							)}
							<IntentButton
								tab="modelos"
								intent="eliminar-modelo"
								fields={[['modelId', row.id]]}
								label={`${m.removeModel}: ${row.name}`}
								className={dangerButtonClass}
							>
								{m.removeModel}
							</IntentButton>
						</div>
					</td>
				</tr>
			))}
		</StatTable>
	)
}

function Catalogue({
	provider,
	catalogue,
}: {
	provider: ModelProvider
	catalogue: ProviderModels
}) {
	if (catalogue.status === 'needs_config')
		return <p className={hintClass}>{m.providerModelsNeedsConfig}</p>
	if (catalogue.status === 'error') {
		return (
			<p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
				{catalogue.reason}
			</p>
		)
	}
	if (catalogue.models.length === 0) return <p className={hintClass}>{m.providerModelsEmpty}</p>
	return (
		<ul className="divide-y divide-gray-100 text-sm dark:divide-white/5" data-testid="catalogo">
			{catalogue.models.map((model) => (
				<li key={model.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
					<span>
						<span className="font-mono text-xs">{model.id}</span>
						{model.displayName !== model.id ? (
							<span className="ml-2 text-gray-600 dark:text-gray-400">{model.displayName}</span>
						) : null}
					</span>
					{model.listed ? (
						<span className={hintClass}>{m.alreadyListed}</span>
					) : (
						<IntentButton
							tab="modelos"
							intent="anadir-modelo"
							fields={[
								['provider', provider],
								['model', model.id],
								['name', model.displayName.slice(0, NAME_MAX_LENGTH)],
							]}
							label={m.addModelLabel(model.id)}
						>
							{m.addModel}
						</IntentButton>
					)}
				</li>
			))}
		</ul>
	)
}

function CustomModelForm({ lastResultFor }: { lastResultFor: LastResultFor }) {
	const [form, fields] = useSchemaForm({
		id: 'modelo-personalizado',
		schema: customModelSchema,
		lastResult: lastResultFor('modelo-personalizado'),
	})
	// Checked on the server with the reason next to the field: no browser bubble.
	const text = (field: typeof fields.name, hint: boolean) => ({
		...getInputProps(field, { type: 'text' }),
		required: undefined,
		maxLength: undefined,
		spellCheck: false,
		autoComplete: 'off',
		className: inputClass,
		...describedBy(field.id, { errors: field.errors, hint }),
	})
	return (
		<Section id="personalizado-titulo" title={m.customTitle}>
			<p className={hintClass}>{m.customIntro}</p>
			<Form method="post" action={tabHref('modelos')} {...getFormProps(form)} className="space-y-4">
				<input type="hidden" name="intent" value="modelo-personalizado" />
				<FormAlert id={form.errorId} errors={form.errors} />
				<Field id={fields.name.id} label={m.customName} errors={fields.name.errors}>
					<input {...text(fields.name, false)} />
				</Field>
				<Field
					id={fields.url.id}
					label={m.customUrl}
					errors={fields.url.errors}
					hint={m.customUrlHint}
				>
					<input {...text(fields.url, true)} inputMode="url" />
				</Field>
				<SubmitButton
					pending={useIntentPending('modelo-personalizado')}
					pendingLabel={m.saving}
					className="sm:w-auto"
				>
					{m.addCustom}
				</SubmitButton>
			</Form>
		</Section>
	)
}

export function ModelsPanel({
	view,
	lastResultFor,
	confirm,
	notice,
}: {
	view: ModelsView
	lastResultFor: LastResultFor
	confirm: { id: string; name: string; inUse: boolean } | null
	notice: string | null
}) {
	const { provider, rows, fallback, catalogue } = view
	if (!provider) {
		return (
			<Section id="modelos-titulo" title={m.modelsTab}>
				<p className={hintClass}>{m.modelsOffline}</p>
			</Section>
		)
	}
	const inUse = rows.find((row) => row.inUse)
	return (
		<div className="space-y-6">
			{confirm ? (
				<ConfirmStep
					title={m.confirmRemoveTitle}
					confirmLabel={m.confirmRemove}
					cancelHref={tabHref('modelos')}
					fields={[
						['intent', 'eliminar-modelo'],
						['modelId', confirm.id],
					]}
				>
					{m.confirmRemoveBody(confirm.name, confirm.inUse)}
				</ConfirmStep>
			) : null}
			<FormAlert errors={notice ? [notice] : null} />
			<Section id="modelos-titulo" title={m.modelsTitle(m.providerShort[provider])}>
				<p className="text-sm" data-testid="modelo-en-uso">
					<span className="font-medium">{`${m.modelInUseNow}: `}</span>
					{inUse
						? `${inUse.name} (${inUse.model})`
						: fallback
							? m.defaultInForce(fallback.value, sourceLabel(fallback.source, envModel[provider]))
							: m.noDefault}
				</p>
				{rows.length === 0 ? (
					<p className={hintClass}>{m.noModels}</p>
				) : (
					<ModelTable provider={provider} rows={rows} />
				)}
			</Section>
			<Section id="catalogo-titulo" title={m.providerModelsTitle}>
				<Link
					to={`${tabHref('modelos')}&consultar=1`}
					preventScrollReset
					className={cx(secondaryButtonClass, 'w-fit')}
				>
					{m.fetchModels}
				</Link>
				{catalogue ? <Catalogue provider={provider} catalogue={catalogue} /> : null}
			</Section>
			{provider === 'gemini' ? (
				<CustomModelForm lastResultFor={lastResultFor} />
			) : (
				<p className={hintClass}>{m.customOnlyGemini}</p>
			)}
		</div>
	)
}
