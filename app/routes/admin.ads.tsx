import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { adsFormSchema, FIELD_MAX_LENGTH } from '~/ads/form'
import { adsMessages as m } from '~/ads/messages'
import {
	adsConfigFrom,
	adsSettingsFor,
	saveAdsSettings,
	type AdsSettings,
} from '~/ads/settings.server'
import { settle } from '~/admin/settle.server'
import { requireAdmin } from '~/auth/guards.server'
import {
	describedBy,
	Field,
	FieldErrors,
	FormAlert,
	inputClass,
	SubmitButton,
	Toggle,
} from '~/components/forms'
import { useSchemaForm } from '~/components/schema-form'
import { SOURCE_LABELS } from '~/settings/in-force'
import { getEnv } from '~/utils/env.server'
import { readFormData } from '~/utils/form-data.server'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

const ADS_PATH = '/admin/ads'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.pageTitle,
		description: 'El bloque de anuncios de la página de inicio de Frasea.',
		path: ADS_PATH,
		noindex: true,
	})

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireAdmin(request)
	// Shared with entry.server for this request: the page reads the settings once.
	const settings = await settle('ads settings', () => adsSettingsFor(context))
	return { settings, showing: settings !== null && adsConfigFrom(settings) !== null }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const submission = parseWithZod(await readFormData(request), { schema: adsFormSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply() }, { status: 400 })
	}
	const value = submission.value
	// Only the server knows whether ADS_CLIENT_ID stands in for an empty field.
	if (value.enabled && !value.clientId && !getEnv().ADS_CLIENT_ID) {
		return data(
			{ result: submission.reply({ fieldErrors: { clientId: [m.clientIdMissing] } }) },
			{ status: 400 },
		)
	}
	try {
		await saveAdsSettings(value, admin.id)
	} catch (error) {
		console.error('Admin: could not save the ads settings', error)
		return data({ result: submission.reply({ formErrors: [m.saveError] }) }, { status: 500 })
	}
	return redirectWithToast(ADS_PATH, { type: 'success', message: m.saved })
}

const panelClass =
	'rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-gray-900'
const hintClass = 'text-sm text-gray-600 dark:text-gray-400'

function AdsForm({
	settings,
	lastResult,
}: {
	settings: AdsSettings
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const [form, fields] = useSchemaForm({
		id: 'publicidad',
		schema: adsFormSchema,
		lastResult,
		defaultValue: {
			enabled: settings.enabled,
			clientId: settings.savedClientId,
			slot: settings.slot ?? '',
		},
	})
	// A refused post shows what was sent; otherwise what is saved.
	const submitted = lastResult?.initialValue as Record<string, unknown> | undefined
	const enabled = submitted ? submitted.enabled === 'on' : settings.enabled
	const inForce = settings.clientId
	// The ids are checked on the server (and by Conform with JavaScript), with the reason
	// next to the field: no `pattern`, whose browser bubble would say less, and not here.
	const textInput = (field: typeof fields.clientId, hasHint: boolean) => ({
		...getInputProps(field, { type: 'text' }),
		pattern: undefined,
		required: undefined,
		maxLength: FIELD_MAX_LENGTH,
		spellCheck: false,
		autoComplete: 'off',
		className: inputClass,
		...describedBy(field.id, { errors: field.errors, hint: hasHint }),
	})
	return (
		<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-5">
			<FormAlert id={form.errorId} errors={form.errors} />
			<Toggle name={fields.enabled.name} label={m.enabled} defaultChecked={enabled} />
			<FieldErrors id={fields.enabled.errorId} errors={fields.enabled.errors} />
			<Field
				id={fields.clientId.id}
				label={m.clientId}
				errors={fields.clientId.errors}
				hint={
					<>
						{m.clientIdHint}{' '}
						<span data-testid="cliente-en-uso">
							{`${m.inForce}: ${inForce.value ?? m.noClientId} (${SOURCE_LABELS[inForce.source]})`}
						</span>
					</>
				}
			>
				<input {...textInput(fields.clientId, true)} placeholder="ca-pub-1234567890123456" />
			</Field>
			<Field id={fields.slot.id} label={m.slot} errors={fields.slot.errors} hint={m.slotHint}>
				<input {...textInput(fields.slot, true)} inputMode="numeric" />
			</Field>
			<SubmitButton pending={pending} pendingLabel={m.saving} className="sm:w-auto">
				{m.save}
			</SubmitButton>
		</Form>
	)
}

export default function AdminAds() {
	const { settings, showing } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.pageTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.pageIntro}</p>
			</header>
			<section aria-label={m.pageTitle} className={panelClass}>
				{settings === null ? (
					<p role="alert" className="text-sm text-red-700 dark:text-red-300">
						{m.loadError}
					</p>
				) : (
					<>
						<p className={hintClass} data-testid="estado-anuncios">
							{showing ? m.statusOn : settings.enabled ? m.statusIncomplete : m.statusOff}
						</p>
						<div className="mt-5">
							<AdsForm settings={settings} lastResult={actionData?.result} />
						</div>
					</>
				)}
			</section>
		</div>
	)
}
