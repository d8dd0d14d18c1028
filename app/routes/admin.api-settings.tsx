import { TabNav } from '~/components/tab-nav'
import {
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { apiSettingsAction } from '~/admin/api-settings/action.server'
import { AdvancedPanel } from '~/admin/api-settings/advanced-panel'
import { loadLimits } from '~/admin/api-settings/advanced.server'
import { KeyPanel } from '~/admin/api-settings/key-panel'
import { apiSettingsMessages as m } from '~/admin/api-settings/messages'
import { ModelsPanel, type ModelsView } from '~/admin/api-settings/models-panel'
import {
	defaultModelOf,
	fetchProviderModels,
	listModelRows,
} from '~/admin/api-settings/models.server'
import { providerView } from '~/admin/api-settings/provider.server'
import { API_SETTINGS_PATH, tabFrom, tabHref, type TabId } from '~/admin/api-settings/schemas'
import { TestPanel } from '~/admin/api-settings/test-panel'
import { type LastResultFor } from '~/admin/api-settings/ui'
import { requireAdmin } from '~/auth/guards.server'
import { retryAfterHeaders } from '~/auth/rate-limit.server'
import { loadServiceAiConfig } from '~/settings/ai-config.server'
import { LIMIT_ENV_NAMES } from '~/settings/limits.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.pageTitle,
		description: 'Proveedor de IA, clave, modelos, parámetros y límites de Frasea.',
		path: API_SETTINGS_PATH,
		noindex: true,
	})

// A refused test (too many) keeps its Retry-After on the document response.
export const headers: HeadersFunction = retryAfterHeaders

const tabs: Array<{ id: TabId; label: string }> = [
	{ id: 'clave', label: m.keyTab },
	{ id: 'modelos', label: m.modelsTab },
	{ id: 'prueba', label: m.testTab },
	{ id: 'avanzada', label: m.advancedTab },
]

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const tab = tabFrom(url.searchParams.get('tab'))
	const config = await loadServiceAiConfig()
	// Only masked keys and plain values leave the server.
	const provider = providerView(config)

	let models: ModelsView | null = null
	if (tab === 'modelos') {
		const chosen = config.provider.value === 'offline' ? null : config.provider.value
		models = {
			provider: chosen,
			rows: chosen ? await listModelRows(chosen) : [],
			fallback: chosen ? defaultModelOf(config, chosen) : null,
			catalogue:
				chosen && url.searchParams.get('consultar') === '1'
					? await fetchProviderModels(config, chosen, request.signal)
					: null,
		}
	}

	const advanced =
		tab === 'avanzada'
			? {
					advanced: config.advanced,
					limits: Object.fromEntries(
						Object.entries(await loadLimits()).map(([name, limit]) => [
							name,
							{ ...limit, envName: LIMIT_ENV_NAMES[name as keyof typeof LIMIT_ENV_NAMES] },
						]),
					) as NonNullable<Parameters<typeof AdvancedPanel>[0]['view']>['limits'],
				}
			: null
	return { tab, provider, models, advanced }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	return apiSettingsAction(request, admin)
}

export default function AdminApiSettings() {
	const { tab, provider, models, advanced } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const location = useLocation()
	const lastResultFor: LastResultFor = (intent) =>
		actionData && 'form' in actionData && actionData.form === intent ? actionData.result : undefined
	const confirm = actionData && 'confirm' in actionData ? (actionData.confirm ?? null) : null
	const notice = actionData && 'notice' in actionData ? actionData.notice : null
	const test = actionData && 'test' in actionData ? (actionData.test ?? null) : null
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.pageTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.pageIntro}</p>
			</header>

			<TabNav
				label={m.tabs}
				tabs={tabs.map((item) => ({ ...item, href: tabHref(item.id) }))}
				current={tab}
			/>

			{/* A new page (after a save or a reset) starts every form afresh from the server. */}
			<div key={location.key}>
				{tab === 'clave' ? <KeyPanel view={provider} lastResultFor={lastResultFor} /> : null}
				{tab === 'modelos' && models ? (
					<ModelsPanel
						view={models}
						lastResultFor={lastResultFor}
						confirm={confirm}
						notice={notice}
					/>
				) : null}
				{tab === 'prueba' ? <TestPanel lastResultFor={lastResultFor} outcome={test} /> : null}
				{tab === 'avanzada' && advanced ? (
					<AdvancedPanel view={advanced} lastResultFor={lastResultFor} />
				) : null}
			</div>
		</div>
	)
}
