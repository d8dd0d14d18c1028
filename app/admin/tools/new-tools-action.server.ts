/**
 * The posts of Nuevas Herramientas: add a tool (the form), switch one on or off, delete one
 * (asked first: the first post answers with what would go, the confirmed one deletes).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { type SessionUser } from '~/auth/guards.server'
import { badRequest, notFound } from '~/dashboard/responses.server'
import {
	addTool,
	deleteTool,
	findTool,
	isGeneratorToolId,
	setToolActive,
} from '~/settings/tools.server'
import { readFormData } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ADD_INTENT, NEW_TOOLS_PATH } from './limits'
import { toolsMessages as m } from './messages'
import { newToolSchema, toolRowActionSchema } from './schema'

const toast = (type: 'success' | 'error', message: string) =>
	redirectWithToast(NEW_TOOLS_PATH, { type, message })

/** A write that failed for no reason of the admin's: logged, and said in a toast. */
async function attempt<T>(write: () => Promise<T>) {
	try {
		return await write()
	} catch (error) {
		console.error('Admin: a tools change failed', error)
		return 'error' as const
	}
}

async function addToolAction(formData: FormData, adminId: string) {
	const submission = parseWithZod(formData, { schema: newToolSchema })
	if (submission.status !== 'success') {
		return data({ add: submission.reply() }, { status: 400 })
	}
	const { name, description, endpoint, modelId, isActive } = submission.value
	const result = await attempt(() =>
		addTool(
			{
				name: name ?? '',
				description: description ?? '',
				endpoint: endpoint ?? '',
				modelId,
				isActive,
			},
			adminId,
		),
	)
	if (result === 'error') {
		return data({ add: submission.reply({ formErrors: [m.writeError] }) }, { status: 500 })
	}
	if (!result.ok) {
		return data(
			{ add: submission.reply({ fieldErrors: { modelId: [m.unknownModel] } }) },
			{ status: 400 },
		)
	}
	return toast('success', m.toolAdded)
}

export async function newToolsAction(request: Request, admin: SessionUser) {
	const formData = await readFormData(request)
	if (formData.get('intent') === ADD_INTENT) return addToolAction(formData, admin.id)

	const parsed = toolRowActionSchema.safeParse(Object.fromEntries(formData))
	if (!parsed.success) badRequest(m.badToolForm)
	const form = parsed.data

	if (form.intent !== 'eliminar') {
		const active = form.intent === 'activar'
		const result = await attempt(() => setToolActive(form.toolId, active, admin.id))
		if (result === 'not_found') notFound(m.toolNotFound)
		if (result === 'error') return toast('error', m.writeError)
		return toast('success', active ? m.toolActivated : m.toolDeactivated)
	}

	if (isGeneratorToolId(form.toolId)) {
		return data({ refused: m.generatorUndeletable }, { status: 409 })
	}
	if (!form.confirmado) {
		// First post: say what would go, and ask again.
		const tool = await findTool(form.toolId)
		if (!tool) notFound(m.toolNotFound)
		return { confirm: tool }
	}
	const result = await attempt(() => deleteTool(form.toolId, admin.id))
	if (result === 'not_found') notFound(m.toolNotFound)
	if (result === 'error' || result === 'generator') return toast('error', m.writeError)
	return toast('success', m.toolDeleted)
}
