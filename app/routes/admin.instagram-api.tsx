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
	clearToolKey,
	loadInstagramSettings,
	resetToolSettingsAndReturn,
	saveInstagramSettings,
} from '~/admin/tools/generator-settings.server'
import { InstagramSettingsForm } from '~/admin/tools/instagram-form'
import { toolsMessages as m } from '~/admin/tools/messages'
import { instagramSettingsSchema } from '~/admin/tools/schema'
import { KeyInForce, panelClass, ResetForm, SETTINGS_INTENTS } from '~/admin/tools/settings-parts'
import { requireAdmin } from '~/auth/guards.server'
import { badRequest } from '~/dashboard/responses.server'
import { readFormData } from '~/utils/form-data.server'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

const PATH = '/admin/instagram-api'
/** Never sent back to the page, not even as the typed value of a refused post. */
const HIDDEN = { hideFields: ['apiKey'] }

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.instagramTitle,
		description: 'La plantilla, el modelo, la clave y los parámetros del generador de Instagram.',
		path: PATH,
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return { settings: await settle('instagram settings', loadInstagramSettings) }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const formData = await readFormData(request)
	const intent = formData.get('intent')
	if (intent === SETTINGS_INTENTS.reset) {
		return resetToolSettingsAndReturn('instagram', admin.id, PATH)
	}
	const toast = (type: 'success' | 'error', message: string) =>
		redirectWithToast(PATH, { type, message })
	try {
		if (intent === SETTINGS_INTENTS.removeKey) {
			await clearToolKey('instagram', admin.id)
			return toast('success', m.keyRemoved)
		}
	} catch (error) {
		console.error('Admin: could not change the Instagram settings', error)
		return toast('error', m.saveError)
	}
	if (intent !== SETTINGS_INTENTS.save) badRequest(m.badToolForm)

	const submission = parseWithZod(formData, { schema: instagramSettingsSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply(HIDDEN) }, { status: 400 })
	}
	const result = await saveInstagramSettings(submission.value, admin.id).catch((error: unknown) => {
		console.error('Admin: could not save the Instagram settings', error)
		return 'error' as const
	})
	if (result === 'unknown_model') {
		return data(
			{ result: submission.reply({ ...HIDDEN, fieldErrors: { modelId: [m.unknownModel] } }) },
			{ status: 400 },
		)
	}
	if (result !== 'ok') {
		return data(
			{ result: submission.reply({ ...HIDDEN, formErrors: [m.saveError] }) },
			{ status: 500 },
		)
	}
	return toast('success', m.saved)
}

export default function AdminInstagramApi() {
	const { settings } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.instagramTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.instagramIntro}</p>
			</header>
			{settings === null ? (
				<p role="alert" className="text-sm text-red-700 dark:text-red-300">
					{m.settingsLoadError}
				</p>
			) : (
				<>
					<section aria-label={m.keyInForce} className={panelClass}>
						<KeyInForce inForce={settings.key.inForce} stored={settings.key.stored} />
					</section>
					<section aria-label={m.instagramTitle} className={panelClass}>
						<InstagramSettingsForm
							// Saved or reset: the form starts again from what is stored now.
							key={settings.version}
							values={settings.values}
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
