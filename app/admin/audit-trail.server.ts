/**
 * The overview's 'Registro de cambios': the admin changes from the audit trail, newest
 * first, a page at a time, each told in Spanish. A page costs three queries whatever its
 * rows: the entries with their actors, then the accounts and the tools they name, each in
 * one batch. Secret values never reach the trail (app/settings/store.server.ts records only
 * that a key was set or cleared), and none is ever shown from it.
 */
import { ADMIN_ACTION_PREFIX } from '~/admin/audit.server'
import { adminMessages } from '~/admin/messages'
import { isSecretSetting, SETTING_KEYS, type SettingKey } from '~/settings/store.server'
import { prisma } from '~/utils/db.server'

export const AUDIT_PAGE_SIZE = 20

const m = adminMessages
const a = adminMessages.audit

/** One row of the trail as the page shows it: every text already in Spanish. */
export interface AuditTrailEntry {
	id: string
	createdAt: Date
	/** The admin who acted, or 'Cuenta eliminada'. */
	actor: string
	description: string
	/** What the change was about (an account, a setting, a tool, a model), when known. */
	target: string | null
}

export interface AuditTrailPage {
	entries: AuditTrailEntry[]
	page: number
	pageCount: number
	total: number
}

type Details = Record<string, unknown>

/** What the describer needs to know about the rows' targets (loaded in batches). */
export interface TargetLookup {
	users: ReadonlyMap<string, { name: string; email: string }>
	tools: ReadonlyMap<string, string>
}

const USER_ACTIONS = new Set([
	'admin.user.role_changed',
	'admin.user.deleted',
	'admin.user.disabled',
	'admin.user.enabled',
	'admin.user.invited',
])
const TOOL_PREFIX = 'admin.tool.'
const SETTING_ACTION = 'admin.setting.changed'

/** Long values (a URL) are cut: the trail is a list, not a viewer. */
const MAX_VALUE_LENGTH = 80

const settingNameByKey = new Map<string, string>(
	(Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[]).map((name) => [
		SETTING_KEYS[name],
		m.settingNames[name],
	]),
)

export function settingName(key: string) {
	return settingNameByKey.get(key) ?? key
}

function isKnownSetting(key: string): key is SettingKey {
	return settingNameByKey.has(key)
}

function parseDetails(raw: string | null): Details {
	if (!raw) return {}
	try {
		const value: unknown = JSON.parse(raw)
		return value && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {}
	} catch {
		return {}
	}
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

function shown(value: unknown, key: string) {
	if (value === null || value === undefined || value === '') return m.auditNoValue
	if (key === SETTING_KEYS.adsEnabled) return value === 'true' ? m.auditYes : m.auditNo
	const raw = typeof value === 'string' ? value : JSON.stringify(value)
	return raw.length > MAX_VALUE_LENGTH ? `${raw.slice(0, MAX_VALUE_LENGTH - 1)}…` : raw
}

/** An account as the trail names it: its name and e-mail while it exists. */
function userLabel(id: string | null, details: Details, lookup: TargetLookup) {
	const user = id ? lookup.users.get(id) : undefined
	if (user) return `${user.name} (${user.email})`
	return text(details.email) ?? text(details.name) ?? m.auditAccountGone
}

/** A tool by its name while it exists; the generator pages by theirs. */
function toolName(id: string, lookup: TargetLookup) {
	const generator = m.generatorToolNames[id as keyof typeof m.generatorToolNames] as
		string | undefined
	return lookup.tools.get(id) ?? generator ?? id
}

function describeSetting(key: string, details: Details) {
	const name = settingName(key)
	// A secret's change says only that it happened, whatever the row might carry.
	if ((isKnownSetting(key) && isSecretSetting(key)) || 'secret' in details) {
		return details.secret === 'cleared' ? a.secretCleared : a.secretSet
	}
	return a.settingChanged(name, shown(details.from, key), shown(details.to, key))
}

/**
 * One row in Spanish: what was done, and to what. `row.target` is a user id for account
 * actions, a setting key for settings, a tool id for tools; models name themselves in
 * `details.name`.
 */
export function describeAdminChange(
	row: { action: string; target: string | null; details: string | null },
	lookup: TargetLookup,
): { description: string; target: string | null } {
	const details = parseDetails(row.details)
	if (USER_ACTIONS.has(row.action)) {
		const user = userLabel(row.target, details, lookup)
		const short = row.target ? (lookup.users.get(row.target)?.name ?? user) : user
		switch (row.action) {
			case 'admin.user.role_changed':
				return { description: a.roleChanged(short, String(details.to)), target: user }
			case 'admin.user.deleted':
				// The account is gone by definition: named only if the row kept its name.
				return {
					description: user === m.auditAccountGone ? a.userDeletedUnnamed : a.userDeleted(short),
					target: user,
				}
			case 'admin.user.disabled':
				return { description: a.userDisabled(short), target: user }
			case 'admin.user.enabled':
				return { description: a.userEnabled(short), target: user }
			default: {
				// An invitation names an address that may have no account yet.
				const invited = text(details.email) ?? user
				return { description: a.userInvited(invited), target: invited }
			}
		}
	}
	if (row.action === 'admin.invitation.revoked') {
		const invited = text(details.email) ?? m.auditNoValue
		return { description: a.invitationRevoked(invited), target: invited }
	}
	if (row.action === SETTING_ACTION && row.target) {
		return { description: describeSetting(row.target, details), target: settingName(row.target) }
	}
	if (row.action.startsWith(TOOL_PREFIX)) {
		const tool = text(details.name) ?? (row.target ? toolName(row.target, lookup) : '—')
		const describe = {
			'admin.tool.added': a.toolAdded,
			'admin.tool.activated': a.toolActivated,
			'admin.tool.deactivated': a.toolDeactivated,
			'admin.tool.deleted': a.toolDeleted,
			'admin.tool.settings_changed': a.toolSettingsChanged,
		}[row.action]
		if (describe) return { description: describe(tool), target: tool }
	}
	const model = text(details.name) ?? text(details.model) ?? row.target
	const describeModel = {
		'admin.model.added': a.modelAdded,
		'admin.model.removed': a.modelRemoved,
		'admin.model.selected': a.modelSelected,
	}[row.action]
	if (describeModel && model) return { description: describeModel(model), target: model }
	if (row.action === 'admin.advanced.changed')
		return { description: a.advancedChanged, target: null }
	if (row.action === 'admin.announcement.sent') {
		const subject = text(details.subject) ?? m.auditNoValue
		return {
			description: a.announcementSent(subject, Number(details.recipients) || 0),
			target: subject,
		}
	}
	if (row.action === 'admin.mail.retried') {
		return { description: a.mailRetried(Number(details.count) || 0), target: null }
	}
	return { description: a.other(row.action), target: null }
}

/** The trail's page `page` (1-based, clamped to the pages there are). */
export async function getAuditTrail(requestedPage: number): Promise<AuditTrailPage> {
	const where = { action: { startsWith: ADMIN_ACTION_PREFIX } }
	const total = await prisma.auditLog.count({ where })
	const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
	const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount)
	const rows = await prisma.auditLog.findMany({
		where,
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		skip: (page - 1) * AUDIT_PAGE_SIZE,
		take: AUDIT_PAGE_SIZE,
		select: {
			id: true,
			action: true,
			target: true,
			details: true,
			createdAt: true,
			actor: { select: { name: true } },
		},
	})
	const targetsOf = (match: (action: string) => boolean) => [
		...new Set(rows.flatMap((row) => (row.target && match(row.action) ? [row.target] : []))),
	]
	const userIds = targetsOf((action) => USER_ACTIONS.has(action))
	const toolIds = targetsOf((action) => action.startsWith(TOOL_PREFIX))
	const [users, tools] = await Promise.all([
		userIds.length
			? prisma.profile.findMany({
					where: { id: { in: userIds } },
					select: { id: true, name: true, email: true },
				})
			: [],
		toolIds.length
			? prisma.tool.findMany({ where: { id: { in: toolIds } }, select: { id: true, name: true } })
			: [],
	])
	const lookup: TargetLookup = {
		users: new Map(users.map((user) => [user.id, { name: user.name, email: user.email }])),
		tools: new Map(tools.map((tool) => [tool.id, tool.name])),
	}
	const entries = rows.map((row) => ({
		id: row.id,
		createdAt: row.createdAt,
		actor: row.actor?.name ?? m.auditActorGone,
		...describeAdminChange(row, lookup),
	}))
	return { entries, page, pageCount, total }
}
