/**
 * Tools: the admin's list of what the site offers (table `tools`). The three generators are
 * tools with fixed ids (their page names) that can be switched off but never deleted; an
 * admin may add other tools (a name, a description and where they live) to the list.
 *
 * A missing generator row means "on": public pages never write, they only read the process's
 * copy of the configuration. The admin page creates the rows when it is first opened.
 */
import { recordAdminChange } from '~/admin/audit.server'
import { GENERATOR_PAGES, type Page } from '~/generator/pages'
import { prisma } from '~/utils/db.server'
import { configuration } from './snapshot.server'

/** The generators as tools: ids are the generator page names. */
export const GENERATOR_TOOLS: Record<Page, { name: string; description: string }> = {
	home: {
		name: 'Generador de Frases',
		description:
			'El generador de la página de inicio: frases para cualquier red a partir de un tema.',
	},
	instagram: {
		name: 'Generador de Instagram',
		description:
			'Captions para Instagram a partir de un tema o de una foto, con emojis y hashtags.',
	},
	facebook: {
		name: 'Generador de Facebook',
		description: 'Publicaciones para Facebook a partir de un tema o de una imagen.',
	},
}

export function isGeneratorToolId(id: string): id is Page {
	return Object.hasOwn(GENERATOR_TOOLS, id)
}

/** Creates the generators' rows that do not exist yet; existing rows are left as they are. */
export async function ensureGeneratorTools() {
	const existing = await prisma.tool.findMany({
		where: { id: { in: Object.keys(GENERATOR_TOOLS) } },
		select: { id: true },
	})
	const have = new Set(existing.map((row) => row.id))
	for (const [id, tool] of Object.entries(GENERATOR_TOOLS)) {
		if (have.has(id)) continue
		// upsert: two admins opening the page at once must not collide on the id.
		await prisma.tool.upsert({
			where: { id },
			create: { id, ...tool, endpoint: GENERATOR_PAGES[id as Page].path },
			update: {},
		})
	}
}

/** Whether a generator page takes generations; no row is on. */
export async function isGeneratorOpen(page: Page): Promise<boolean> {
	return (await configuration()).toolActive.get(page) ?? true
}

export interface ToolRow {
	id: string
	name: string
	description: string
	endpoint: string
	isActive: boolean
	/** The model list entry's name; null: the service's model. */
	modelName: string | null
	/** The generators can only be switched off, never deleted. */
	isGenerator: boolean
}

/** The generators first, in their pages' order, then the admin's tools oldest first. */
export async function listTools(): Promise<ToolRow[]> {
	const rows = await prisma.tool.findMany({
		orderBy: { createdAt: 'asc' },
		select: {
			id: true,
			name: true,
			description: true,
			endpoint: true,
			isActive: true,
			model: { select: { name: true } },
		},
	})
	const order = Object.keys(GENERATOR_TOOLS)
	const rank = (id: string) => (isGeneratorToolId(id) ? order.indexOf(id) : order.length)
	return rows
		.map(({ model, ...row }) => ({
			...row,
			modelName: model?.name ?? null,
			isGenerator: isGeneratorToolId(row.id),
		}))
		.sort((a, b) => rank(a.id) - rank(b.id))
}

export async function findTool(id: string) {
	return prisma.tool.findUnique({ where: { id }, select: { id: true, name: true } })
}

export interface NewTool {
	name: string
	description: string
	endpoint: string
	modelId?: string
	isActive: boolean
}

/** Adds a tool; 'unknown_model' when the chosen model is not in the list (any more). */
export async function addTool(input: NewTool, actorId: string) {
	if (input.modelId) {
		const model = await prisma.modelOption.findUnique({
			where: { id: input.modelId },
			select: { id: true },
		})
		if (!model) return { ok: false as const, reason: 'unknown_model' as const }
	}
	const tool = await prisma.$transaction(async (tx) => {
		const created = await tx.tool.create({
			data: {
				name: input.name,
				description: input.description,
				endpoint: input.endpoint,
				modelId: input.modelId || null,
				isActive: input.isActive,
			},
			select: { id: true },
		})
		await recordAdminChange(
			{
				actorId,
				action: 'admin.tool.added',
				target: created.id,
				details: { name: input.name, active: input.isActive },
			},
			tx,
		)
		return created
	})
	return { ok: true as const, id: tool.id }
}

/**
 * Switches a tool on or off. A generator without its row yet gets one. 'not_found' for
 * any other unknown id.
 */
export async function setToolActive(id: string, active: boolean, actorId: string) {
	if (isGeneratorToolId(id)) await ensureGeneratorTools()
	return prisma.$transaction(async (tx) => {
		const changed = await tx.tool.updateMany({ where: { id }, data: { isActive: active } })
		if (changed.count === 0) return 'not_found' as const
		await recordAdminChange(
			{ actorId, action: active ? 'admin.tool.activated' : 'admin.tool.deactivated', target: id },
			tx,
		)
		return 'ok' as const
	})
}

/** Deletes one of the admin's tools; the generators are refused ('generator'). */
export async function deleteTool(id: string, actorId: string) {
	if (isGeneratorToolId(id)) return 'generator' as const
	return prisma.$transaction(async (tx) => {
		const deleted = await tx.tool.deleteMany({ where: { id } })
		if (deleted.count === 0) return 'not_found' as const
		await recordAdminChange({ actorId, action: 'admin.tool.deleted', target: id }, tx)
		return 'ok' as const
	})
}
