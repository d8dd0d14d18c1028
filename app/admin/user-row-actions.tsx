import { Form } from '@remix-run/react'
import { adminMessages as m } from '~/admin/messages'
import { type AdminUserRow } from '~/admin/users.server'
import { secondaryButtonClass } from '~/components/forms'
import { cx } from '~/utils/misc'

const rowButtonClass = cx(secondaryButtonClass, 'px-3 py-1.5 text-xs')

/** One small post of a row: hidden fields and a button named after the account. */
function RowButton({
	fields,
	label,
	text,
	danger,
}: {
	fields: Record<string, string>
	label: string
	text: string
	danger?: boolean
}) {
	return (
		<Form method="post" preventScrollReset>
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<button
				type="submit"
				aria-label={label}
				className={cx(rowButtonClass, danger && 'text-red-700 dark:text-red-300')}
			>
				{text}
			</button>
		</Form>
	)
}

/**
 * What an admin may do to an account: grant or remove the admin role, disable or enable
 * it, delete it (after a confirmation step). The main admin and the admin's own account
 * get none of these; the server refuses them anyway.
 */
export function UserRowActions({ user, adminId }: { user: AdminUserRow; adminId: string }) {
	if (user.isMainAdmin || user.id === adminId) {
		return (
			<span className="text-xs text-gray-600 dark:text-gray-400">
				{user.isMainAdmin ? m.mainAdmin : m.you}
			</span>
		)
	}
	const makeAdmin = user.role !== 'admin'
	const disabled = user.status === 'disabled'
	return (
		<div className="flex flex-wrap gap-2">
			<RowButton
				fields={{ intent: 'rol', userId: user.id, role: makeAdmin ? 'admin' : 'usuario' }}
				label={makeAdmin ? m.makeAdminLabel(user.name) : m.removeAdminLabel(user.name)}
				text={makeAdmin ? m.makeAdmin : m.removeAdmin}
			/>
			<RowButton
				// The state wanted, not a toggle: a repeated post changes nothing twice.
				fields={{
					intent: 'estado',
					userId: user.id,
					estado: disabled ? 'activo' : 'deshabilitado',
				}}
				label={disabled ? m.enableUserLabel(user.name) : m.disableUserLabel(user.name)}
				text={disabled ? m.enableUser : m.disableUser}
			/>
			<RowButton
				fields={{ intent: 'eliminar', userId: user.id }}
				label={m.deleteUserLabel(user.name)}
				text={m.deleteUser}
				danger
			/>
		</div>
	)
}
