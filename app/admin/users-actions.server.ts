import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { setUserDisabled } from '~/admin/account-status.server'
import { adminMessages as m } from '~/admin/messages'
import { parseUsersQuery, usersHref } from '~/admin/users-query'
import { changeUserRole, deleteUserAsAdmin, findUserForAdmin } from '~/admin/users.server'
import { type SessionUser } from '~/auth/guards.server'
import { isMainAdmin } from '~/dashboard/account-deletion.server'
import { badRequest, notFound } from '~/dashboard/responses.server'
import { revokeInvitation, sendInvitation } from '~/invitations/invitations.server'
import { invitationMessages as im } from '~/invitations/messages'
import { InviteSchema } from '~/invitations/schema'
import { readFormData } from '~/utils/form-data.server'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * Every post to Usuarios (the route has called requireAdmin): a row's role, status or
 * deletion, an invitation sent or revoked. Successes and refusals the page cannot prevent
 * go back to the same list with a toast; the invitation form's errors show next to its
 * field; ids that do not exist get 404.
 */

const id = z.string().min(1).max(100)
const rowAction = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('rol'), userId: id, role: z.enum(['admin', 'usuario']) }),
	z.object({
		intent: z.literal('estado'),
		userId: id,
		estado: z.enum(['deshabilitado', 'activo']),
	}),
	z.object({ intent: z.literal('eliminar'), userId: id, confirmado: z.literal('si').optional() }),
	z.object({ intent: z.literal('anular-invitacion'), invitationId: id }),
])

/** Logs an unexpected failure under `label` and turns it into 'error'. */
const orError = (label: string) => (error: unknown) => {
	console.error(label, error)
	return 'error' as const
}

export async function usersAction(request: Request, admin: SessionUser) {
	const back = usersHref(parseUsersQuery(new URL(request.url).searchParams))
	const formData = await readFormData(request)
	const toast = (type: 'success' | 'error', message: string) =>
		redirectWithToast(back, { type, message })
	if (formData.get('intent') === 'invitar') return invite(formData, admin, back)

	const parsed = rowAction.safeParse(Object.fromEntries(formData))
	if (!parsed.success) badRequest(m.badUserForm)
	const form = parsed.data

	if (form.intent === 'rol') {
		const result = await changeUserRole({
			actorId: admin.id,
			userId: form.userId,
			role: form.role,
		}).catch(orError(m.roleChangeError))
		if (result === 'not_found') notFound(m.userNotFound)
		if (result === 'main_admin') return toast('error', m.mainAdminRole)
		if (result === 'self') return toast('error', m.selfDemotion)
		if (result === 'error') return toast('error', m.roleChangeError)
		return toast('success', m.roleChanged)
	}

	if (form.intent === 'estado') {
		const disabled = form.estado === 'deshabilitado'
		const result = await setUserDisabled({
			actorId: admin.id,
			userId: form.userId,
			disabled,
		}).catch(orError(m.statusChangeError))
		if (result === 'not_found') notFound(m.userNotFound)
		if (result === 'main_admin') return toast('error', m.mainAdminUndisableable)
		if (result === 'self') return toast('error', m.selfDisabling)
		if (result === 'error') return toast('error', m.statusChangeError)
		// 'unchanged' too: the account is in the state the admin asked for.
		return toast('success', disabled ? m.userDisabled : m.userEnabled)
	}

	if (form.intent === 'anular-invitacion') {
		const result = await revokeInvitation({ actorId: admin.id, id: form.invitationId }).catch(
			orError(im.revokeError),
		)
		if (result === 'not_found') notFound(im.invitationNotFound)
		if (result === 'not_pending') return toast('error', im.notPending)
		if (result === 'error') return toast('error', im.revokeError)
		return toast('success', im.revoked)
	}

	if (!form.confirmado) {
		// First post: say what would go, and ask again.
		const user = await findUserForAdmin(form.userId)
		if (!user) notFound(m.userNotFound)
		if (isMainAdmin(user.email)) return toast('error', m.mainAdminUndeletable)
		if (user.id === admin.id) return toast('error', m.selfDeletion)
		return { confirm: user }
	}
	const result = await deleteUserAsAdmin({ actorId: admin.id, userId: form.userId }).catch(
		orError(m.userDeleteError),
	)
	if (result === 'not_found') notFound(m.userNotFound)
	if (result === 'main_admin') return toast('error', m.mainAdminUndeletable)
	if (result === 'self') return toast('error', m.selfDeletion)
	if (result === 'error') return toast('error', m.userDeleteError)
	return toast('success', m.userDeleted)
}

/** The invitation form: its errors go back next to the e-mail field, the address kept. */
async function invite(formData: FormData, admin: SessionUser, back: string) {
	const submission = parseWithZod(formData, { schema: InviteSchema })
	if (submission.status !== 'success') {
		return data({ invite: submission.reply() }, { status: 400 })
	}
	const { email } = submission.value
	const outcome = await sendInvitation({ admin, email }).catch(orError(im.mailFailed))
	const refuse = (status: number, message: string, field: 'email' | 'form' = 'email') =>
		data(
			{
				invite: submission.reply(
					field === 'email' ? { fieldErrors: { email: [message] } } : { formErrors: [message] },
				),
			},
			{ status },
		)
	switch (outcome) {
		case 'sent':
			return redirectWithToast(back, { type: 'success', message: im.sent(email) })
		case 'account_exists':
			return refuse(409, im.accountExists)
		case 'address_capped':
			return refuse(429, im.addressCapped)
		case 'admin_capped':
			return refuse(429, im.adminCapped, 'form')
		case 'error':
			return refuse(500, im.mailFailed, 'form')
	}
}
