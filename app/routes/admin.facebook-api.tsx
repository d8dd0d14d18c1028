import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { settle } from '~/admin/settle.server'
import {
	connectionTargetModel,
	connectionTestKey,
	takeTestSlot,
	testConnection,
} from '~/admin/tools/connection-test.server'
import { FacebookSettingsForm, TestResultBox } from '~/admin/tools/facebook-form'
import {
	loadFacebookSettings,
	modelExists,
	resetToolSettingsAndReturn,
	saveFacebookSettings,
} from '~/admin/tools/generator-settings.server'
import { normalizeApiBaseUrl } from '~/admin/tools/limits'
import { toolsMessages as m } from '~/admin/tools/messages'
import { FACEBOOK_INTENTS, facebookSettingsSchema } from '~/admin/tools/schema'
import { panelClass, ResetForm, SETTINGS_INTENTS } from '~/admin/tools/settings-parts'
import { requireAdmin } from '~/auth/guards.server'
import { readFormData } from '~/utils/form-data.server'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/facebook-api'
/** Never sent back to the page, not even as the typed value of a refused post. */
const HIDDEN = { hideFields: ['apiKey'] }

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.facebookTitle,
		description: 'La dirección, la clave y el modelo del generador de Facebook.',
		path: PATH,
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return { settings: await settle('facebook settings', loadFacebookSettings) }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const formData = await readFormData(request)
	if (formData.get('intent') === SETTINGS_INTENTS.reset) {
		return resetToolSettingsAndReturn('facebook', admin.id, PATH)
	}
	const submission = parseWithZod(formData, { schema: facebookSettingsSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply(HIDDEN), test: null }, { status: 400 })
	}
	const value = submission.value
	const refuse = (
		status: number,
		errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
	) => data({ result: submission.reply({ ...HIDDEN, ...errors }), test: null }, { status })

	if (value.intent === FACEBOOK_INTENTS.test) {
		const baseUrl = normalizeApiBaseUrl(value.baseUrl ?? '')
		const key = await connectionTestKey('facebook', value.apiKey, baseUrl)
		if (key === 'missing') return refuse(400, { formErrors: [m.testNeedsUrlAndKey] })
		if (key === 'other_address') {
			return refuse(400, { fieldErrors: { apiKey: [m.testKeyForOtherUrl] } })
		}
		const wait = await takeTestSlot(admin.id)
		if (wait !== null) return refuse(429, { formErrors: [m.testLimited(wait)] })
		if (value.modelId && !(await modelExists(value.modelId))) {
			return refuse(400, { fieldErrors: { modelId: [m.unknownModel] } })
		}
		const target = await connectionTargetModel(value.modelId)
		const test = await testConnection({
			baseUrl,
			apiKey: key.apiKey,
			provider: target.provider,
			model: target.model,
		})
		return data({ result: submission.reply(HIDDEN), test })
	}

	const result = await saveFacebookSettings(value, admin.id).catch((error: unknown) => {
		console.error('Admin: could not save the Facebook settings', error)
		return 'error' as const
	})
	if (result === 'key_required') return refuse(400, { fieldErrors: { apiKey: [m.keyRequired] } })
	if (result === 'key_for_new_url') {
		return refuse(400, { fieldErrors: { apiKey: [m.keyForNewUrl] } })
	}
	if (result === 'unknown_model') return refuse(400, { fieldErrors: { modelId: [m.unknownModel] } })
	if (result !== 'ok') return refuse(500, { formErrors: [m.saveError] })
	return redirectWithToast(PATH, { type: 'success', message: m.saved })
}

export default function AdminFacebookApi() {
	const { settings } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.facebookTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.facebookIntro}</p>
			</header>
			{settings === null ? (
				<p role="alert" className="text-sm text-red-700 dark:text-red-300">
					{m.settingsLoadError}
				</p>
			) : (
				<>
					<section aria-label={m.facebookTitle} className={`${panelClass} space-y-5`}>
						{actionData?.test ? <TestResultBox result={actionData.test} /> : null}
						<FacebookSettingsForm
							// Saved or reset: the form starts again from what is stored now.
							key={settings.version}
							values={settings.values}
							storedKey={settings.key.stored}
							models={settings.models}
							serviceModel={settings.serviceModel}
							lastResult={actionData?.result}
						/>
					</section>
					<section aria-label={m.reset} className={panelClass}>
						<ResetForm saved={settings.saved} />
					</section>
				</>
			)}
		</div>
	)
}
