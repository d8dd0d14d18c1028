import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { settle } from '~/admin/settle.server'
import { AddToolForm } from '~/admin/tools/add-tool-form'
import { modelChoices } from '~/admin/tools/generator-settings.server'
import { toolsMessages as m } from '~/admin/tools/messages'
import { ADD_INTENT, NEW_TOOLS_PATH } from '~/admin/tools/limits'
import { newToolsAction } from '~/admin/tools/new-tools-action.server'
import { ToolList } from '~/admin/tools/tool-list'
import { requireAdmin } from '~/auth/guards.server'
import { ConfirmStep } from '~/dashboard/confirm-step'
import { FormAlert } from '~/components/forms'
import { ensureGeneratorTools, listTools } from '~/settings/tools.server'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.toolsTitle,
		description: 'Las herramientas de Frasea: añadir, activar, desactivar y eliminar.',
		path: NEW_TOOLS_PATH,
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const [tools, models] = await Promise.all([
		settle('tools', async () => {
			// The generators' rows are created here, never on a public page view.
			await ensureGeneratorTools()
			return listTools()
		}),
		settle('models', () => modelChoices(null)),
	])
	return { tools, models: models ?? [] }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	return newToolsAction(request, admin)
}

const panelClass =
	'rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900'

export default function AdminNewTools() {
	const { tools, models } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null
	const refused = actionData && 'refused' in actionData ? actionData.refused : null
	const addResult = actionData && 'add' in actionData ? actionData.add : null
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.toolsTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.toolsIntro}</p>
			</header>

			{confirm ? (
				<ConfirmStep
					title={m.confirmDeleteTitle}
					confirmLabel={m.confirmDelete}
					cancelHref={NEW_TOOLS_PATH}
					fields={[
						['intent', 'eliminar'],
						['toolId', confirm.id],
					]}
				>
					{m.confirmDeleteBody(confirm.name)}
				</ConfirmStep>
			) : null}
			<FormAlert errors={refused ? [refused] : null} />

			<section aria-label={m.toolsList} className={panelClass}>
				{tools === null ? (
					<p role="alert" className="text-sm text-red-700 dark:text-red-300">
						{m.toolsLoadError}
					</p>
				) : (
					<ToolList tools={tools} />
				)}
			</section>

			<section aria-labelledby="anadir-herramienta" className={panelClass}>
				<h2 id="anadir-herramienta" className="mb-4 text-lg font-semibold">
					{m.addTitle}
				</h2>
				<AddToolForm
					// A new tool in the list (one was just added) starts the form empty again.
					key={tools?.length ?? 0}
					models={models}
					lastResult={addResult}
					intent={ADD_INTENT}
				/>
			</section>
		</div>
	)
}
