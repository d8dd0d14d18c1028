/**
 * The admin configuration (tables settings, configuracion_api, configuracion_avanzada,
 * tools, tool_settings) as one in-memory copy per process. Pages used to read it on every
 * view, six queries for the home page; now a request reads one number, the
 * `config_version` row that database triggers raise in the same transaction as every
 * change (whoever writes it: the admin pages, a script, another process), and the tables
 * only when that number has moved.
 *
 * How fresh: the number is read at most once per CONFIG_CHECK_INTERVAL_MS (1 s; requests in
 * between share the copy), so another process's change is seen within that time. The
 * process that makes a change sees it at once: every admin change records an audit entry
 * in its transaction (recordAdminChange), which has this process read the number on every
 * use for a few seconds, until the commit shows.
 */
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'

/** Mutable only so tests can drive it; the app never changes it. */
export const CONFIG_REFRESH = {
	/** Longest another process's change may go unseen (CONFIG_CHECK_INTERVAL_MS). */
	checkEveryMs: getEnv().CONFIG_CHECK_INTERVAL_MS,
	/** After an admin change in this process, check on every use for this long. */
	afterLocalChangeMs: 5000,
}

/** The provider, model and key columns of a model list entry. */
export const modelSelect = {
	id: true,
	name: true,
	provider: true,
	model: true,
	url: true,
	apiKey: true,
} as const

/** A generator page's own settings, with its model. */
export const toolSettingsSelect = {
	apiKey: true,
	baseUrl: true,
	customPrompt: true,
	temperature: true,
	topP: true,
	maxTokens: true,
	includeSystemPrompt: true,
	model: { select: modelSelect },
} as const

async function loadConfiguration() {
	const [settings, defaultModels, advanced, tools, toolSettings] = await Promise.all([
		prisma.setting.findMany({ select: { key: true, value: true } }),
		prisma.modelOption.findMany({
			where: { isDefault: true, active: true },
			select: modelSelect,
		}),
		prisma.advancedSettings.findFirst({ where: { userId: null } }),
		prisma.tool.findMany({ select: { id: true, isActive: true } }),
		prisma.toolSettings.findMany({ select: { toolId: true, ...toolSettingsSelect } }),
	])
	return {
		/** Stored values by key, as stored (secrets still encrypted). */
		settings: new Map(settings.map((row) => [row.key, row.value])),
		/** The model list's defaults in force (active ones), one per provider at most. */
		defaultModels,
		/** The shared generation parameters (the row without a user), if saved. */
		advanced,
		/** Whether each tool row is on; a generator without a row is on. */
		toolActive: new Map(tools.map((row) => [row.id, row.isActive])),
		/** Each generator page's own settings, by tool id. */
		toolSettings: new Map(toolSettings.map(({ toolId, ...row }) => [toolId, row])),
	}
}

export type Configuration = Awaited<ReturnType<typeof loadConfiguration>>

interface Copy {
	version: number
	configuration: Configuration
	checkedAt: number
	/** Which read made it (reads are numbered as they start). */
	read: number
}

// Vite's development server re-evaluates modules: one copy per process on globalThis.
const state = globalThis as typeof globalThis & {
	__fraseaConfiguration?: {
		copy?: Copy
		checking?: Promise<Configuration>
		/** When this process last changed the configuration. */
		changedAt: number
		/** Reads started so far. */
		reads: number
	}
}
const local = (state.__fraseaConfiguration ??= { changedAt: -Infinity, reads: 0 })

async function readVersion(): Promise<number> {
	const row = await prisma.configVersion.findUnique({ where: { id: 1 } })
	return row?.version ?? 0
}

async function refresh(): Promise<Configuration> {
	const read = ++local.reads
	const version = await readVersion()
	const checkedAt = Date.now()
	if (local.copy?.version === version) {
		local.copy.checkedAt = checkedAt
		return local.copy.configuration
	}
	// Read after the number: a change committed in between makes the next check read again.
	const configuration = await loadConfiguration()
	// Two reads at once (right after a change here) may finish out of order: keep the later.
	if (!local.copy || local.copy.read < read) {
		local.copy = { version, configuration, checkedAt, read }
	}
	return configuration
}

/** The admin configuration in force (see the module comment for how fresh). */
export function configuration(): Promise<Configuration> {
	const now = Date.now()
	const copy = local.copy
	const changedHere = now - local.changedAt < CONFIG_REFRESH.afterLocalChangeMs
	if (copy && now - copy.checkedAt < CONFIG_REFRESH.checkEveryMs && !changedHere) {
		return Promise.resolve(copy.configuration)
	}
	// Right after a change here, every use reads for itself: none may take a read that began
	// before the commit. Otherwise uses at the same moment share one read.
	if (changedHere) return refresh()
	local.checking ??= refresh().finally(() => {
		local.checking = undefined
	})
	return local.checking
}

/**
 * This process is changing the configuration (called inside the change's transaction): read
 * the version on every use for a while, so the change shows here as soon as it commits.
 */
export function configurationChanging() {
	local.changedAt = Date.now()
}
