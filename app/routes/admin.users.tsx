import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { formatDateTime } from '~/admin/format'
import { adminMessages as m } from '~/admin/messages'
import { settle } from '~/admin/settle.server'
import { cellClass, StatTable } from '~/admin/stat-table'
import { parseUsersQuery, usersHref } from '~/admin/users-query'
import {
	changeUserRole,
	deleteUserAsAdmin,
	findUserForAdmin,
	listUsers,
	type AdminUserRow,
} from '~/admin/users.server'
import { requireAdmin } from '~/auth/guards.server'
import { isMainAdmin } from '~/dashboard/account-deletion.server'
import { ConfirmStep } from '~/dashboard/confirm-step'
import { Pagination } from '~/dashboard/pagination'
import { badRequest, notFound } from '~/dashboard/responses.server'
import { inputClass, primaryButtonClass, secondaryButtonClass } from '~/components/forms'
import { readFormData } from '~/utils/form-data.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.usersTitle,
		description: 'Cuentas de Frasea: roles, estado y eliminación.',
		path: '/admin/users',
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const query = parseUsersQuery(new URL(request.url).searchParams)
	const list = await settle('users', () => listUsers(query))
	return { query, list, adminId: admin.id }
}

const userAction = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('rol'),
		userId: z.string().min(1).max(100),
		role: z.enum(['admin', 'usuario']),
	}),
	z.object({
		intent: z.literal('eliminar'),
		userId: z.string().min(1).max(100),
		confirmado: z.literal('si').optional(),
	}),
])

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	const url = new URL(request.url)
	const back = usersHref(parseUsersQuery(url.searchParams))
	const parsed = userAction.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success) badRequest(m.badUserForm)
	const form = parsed.data
	const toast = (type: 'success' | 'error', message: string) =>
		redirectWithToast(back, { type, message })

	if (form.intent === 'rol') {
		const result = await changeUserRole({
			actorId: admin.id,
			userId: form.userId,
			role: form.role,
		}).catch((error: unknown) => {
			console.error(m.roleChangeError, error)
			return 'error' as const
		})
		if (result === 'not_found') notFound(m.userNotFound)
		if (result === 'main_admin') return toast('error', m.mainAdminRole)
		if (result === 'self') return toast('error', m.selfDemotion)
		if (result === 'error') return toast('error', m.roleChangeError)
		return toast('success', m.roleChanged)
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
		(error: unknown) => {
			console.error(m.userDeleteError, error)
			return 'error' as const
		},
	)
	if (result === 'not_found') notFound(m.userNotFound)
	if (result === 'main_admin') return toast('error', m.mainAdminUndeletable)
	if (result === 'self') return toast('error', m.selfDeletion)
	if (result === 'error') return toast('error', m.userDeleteError)
	return toast('success', m.userDeleted)
}

function RowActions({ user, adminId }: { user: AdminUserRow; adminId: string }) {
	const self = user.id === adminId
	if (user.isMainAdmin || self) {
		return (
			<span className="text-xs text-gray-600 dark:text-gray-400">
				{user.isMainAdmin ? m.mainAdmin : m.you}
			</span>
		)
	}
	const makeAdmin = user.role !== 'admin'
	return (
		<div className="flex flex-wrap gap-2">
			<Form method="post" preventScrollReset>
				<input type="hidden" name="intent" value="rol" />
				<input type="hidden" name="userId" value={user.id} />
				<input type="hidden" name="role" value={makeAdmin ? 'admin' : 'usuario'} />
				<button
					type="submit"
					aria-label={makeAdmin ? m.makeAdminLabel(user.name) : m.removeAdminLabel(user.name)}
					className={cx(secondaryButtonClass, 'px-3 py-1.5 text-xs')}
				>
					{makeAdmin ? m.makeAdmin : m.removeAdmin}
				</button>
			</Form>
			<Form method="post" preventScrollReset>
				<input type="hidden" name="intent" value="eliminar" />
				<input type="hidden" name="userId" value={user.id} />
				<button
					type="submit"
					aria-label={m.deleteUserLabel(user.name)}
					className={cx(secondaryButtonClass, 'px-3 py-1.5 text-xs text-red-700 dark:text-red-300')}
				>
					{m.deleteUser}
				</button>
			</Form>
		</div>
	)
}

export default function AdminUsers() {
	const { query, list, adminId } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.usersTitle}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.usersIntro}</p>
			</header>

			{confirm ? (
				<ConfirmStep
					title={m.confirmDeleteTitle}
					confirmLabel={m.confirmDelete}
					cancelHref={usersHref(query)}
					fields={[
						['intent', 'eliminar'],
						['userId', confirm.id],
					]}
				>
					{m.confirmDeleteBody(confirm.name, confirm.email)}
				</ConfirmStep>
			) : null}

			<Form method="get" role="search" className="flex flex-wrap items-end gap-2">
				<div className="min-w-60 flex-1">
					<label htmlFor="buscar-usuarios" className="sr-only">
						{m.searchUsers}
					</label>
					<input
						id="buscar-usuarios"
						type="search"
						name="q"
						defaultValue={query.search}
						maxLength={200}
						placeholder={m.searchPlaceholder}
						className={inputClass}
					/>
				</div>
				<button type="submit" className={primaryButtonClass}>
					{m.search}
				</button>
				{query.search ? (
					<Link to={usersHref({})} className={secondaryButtonClass}>
						{m.showAllUsers}
					</Link>
				) : null}
			</Form>

			<section
				aria-label={m.users}
				className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900"
			>
				{list === null ? (
					<p role="alert" className="text-sm text-red-700 dark:text-red-300">
						{m.usersLoadError}
					</p>
				) : list.rows.length === 0 ? (
					<p className="text-sm text-gray-600 dark:text-gray-400">{m.noUsers}</p>
				) : (
					<>
						<p className="mb-3 text-sm text-gray-600 dark:text-gray-400">
							{m.usersCount(list.total)}
						</p>
						<StatTable
							headers={[
								m.columnName,
								m.columnEmail,
								m.columnRole,
								m.columnStatus,
								m.columnLastSignIn,
								m.columnPhrases,
								m.columnActions,
							]}
						>
							{list.rows.map((user) => (
								<tr key={user.id}>
									<th scope="row" className={cx(cellClass, 'font-medium')}>
										{user.name}
									</th>
									<td className={cx(cellClass, 'break-all')}>{user.email}</td>
									<td className={cellClass}>{user.role === 'admin' ? m.roleAdmin : m.roleUser}</td>
									<td className={cellClass}>
										{user.status === 'active' ? m.statusActive : m.statusUnconfirmed}
									</td>
									<td className={cellClass}>
										{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : m.neverSignedIn}
									</td>
									<td className={cellClass}>{user.phraseCount}</td>
									<td className={cellClass}>
										<RowActions user={user} adminId={adminId} />
									</td>
								</tr>
							))}
						</StatTable>
						<Pagination
							page={list.page}
							pageCount={list.pageCount}
							hrefFor={(page) => usersHref({ search: query.search, page })}
							label={m.usersPagination}
						/>
					</>
				)}
			</section>
		</div>
	)
}
