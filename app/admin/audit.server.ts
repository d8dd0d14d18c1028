import { configurationChanging } from '~/settings/snapshot.server'
import { prisma } from '~/utils/db.server'

/**
 * The admin audit trail: who changed which setting, user or tool, and when. Secret values
 * never enter it; a change to a secret is recorded as `{ secret: 'set' | 'cleared' }`.
 */

type Client = Pick<typeof prisma, 'auditLog'>

/** Every admin action name starts with this prefix (the overview's trail reads them). */
export const ADMIN_ACTION_PREFIX = 'admin.'

export async function recordAdminChange(
	input: {
		actorId: string
		/** 'admin.setting.changed', 'admin.tool.deleted', … */
		action: `admin.${string}`
		/** What changed: a setting key, a user id, a tool id. */
		target?: string | null
		details?: Record<string, unknown>
	},
	client: Client = prisma,
) {
	// Every change to the admin configuration is recorded here, in its own transaction: this
	// process's copy of the configuration must show it as soon as it commits.
	configurationChanging()
	await client.auditLog.create({
		data: {
			actorId: input.actorId,
			action: input.action,
			target: input.target ?? null,
			details: input.details ? JSON.stringify(input.details) : null,
		},
	})
}
