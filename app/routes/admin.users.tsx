import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { formatDateTime } from '~/admin/format'
import { adminMessages as m } from '~/admin/messages'
import { settle } from '~/admin/settle.server'
import { cellClass, StatTable } from '~/admin/stat-table'
import { parseUsersQuery, usersHref } from '~/admin/users-query'
import { UserRowActions } from '~/admin/user-row-actions'
import { usersAction } from '~/admin/users-actions.server'
import {
	isAdminTwoFactorRequired,
	listUsers,
	setAdminTwoFactorRequired,
} from '~/admin/users.server'
import { requireAdmin } from '~/auth/guards.server'
import { twoFactorMessages as tf } from '~/auth/two-factor-messages'
import { ConfirmStep } from '~/dashboard/confirm-step'
import { Pagination } from '~/dashboard/pagination'
import { inputClass, primaryButtonClass, secondaryButtonClass, Toggle } from '~/components/forms'
import { listPendingInvitations } from '~/invitations/invitations.server'
import { InviteForm, PendingInvitations } from '~/invitations/invite-section'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.usersTitle,
		description: 'Cuentas de Frasea: roles, estado, invitaciones y eliminación.',
		path: '/admin/users',
		noindex: true,
	})

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request)
	const query = parseUsersQuery(new URL(request.url).searchParams)
	const [list, invitations, requireTwoFactor] = await Promise.all([
		settle('users', () => listUsers(query)),
		settle('invitations', () => listPendingInvitations()),
		isAdminTwoFactorRequired(),
	])
	return { query, list, invitations, adminId: admin.id, requireTwoFactor }
}

const REQUIRE_TWO_FACTOR_INTENT = 'exigir-2fa'

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request)
	// The two-factor requirement has its own small form; every other form is usersAction's.
	const form = await request.clone().formData()
	if (form.get('intent') === REQUIRE_TWO_FACTOR_INTENT) {
		const required = form.get('requireTwoFactor') === 'on'
		const outcome = await setAdminTwoFactorRequired(admin.id, required)
		if (outcome !== 'saved') {
			return data({ requirementError: tf.requirementNeedsYours }, { status: 409 })
		}
		return redirectWithToast('/admin/users', {
			type: 'success',
			message: required ? tf.requirementOn : tf.requirementOff,
		})
	}
	return usersAction(request, admin)
}

const statusLabel = {
	active: m.statusActive,
	unconfirmed: m.statusUnconfirmed,
	disabled: m.statusDisabled,
}

export default function AdminUsers() {
	const { query, list, invitations, adminId, requireTwoFactor } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null
	const inviteResult = actionData && 'invite' in actionData ? actionData.invite : null
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

			<InviteForm
				// A new pending invitation (one was just sent) starts the form empty again.
				key={invitations?.[0]?.id ?? 'ninguna'}
				lastResult={inviteResult}
			/>

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
									<td className={cellClass}>{statusLabel[user.status]}</td>
									<td className={cellClass}>
										{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : m.neverSignedIn}
									</td>
									<td className={cellClass}>{user.phraseCount}</td>
									<td className={cellClass}>
										<UserRowActions user={user} adminId={adminId} />
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

			<PendingInvitations invitations={invitations} />

			<TwoFactorRequirement
				required={requireTwoFactor}
				error={actionData && 'requirementError' in actionData ? actionData.requirementError : null}
			/>
		</div>
	)
}

/** Whether admins must use two-factor sign-in (a setting; see requireAdmin). */
function TwoFactorRequirement({ required, error }: { required: boolean; error: string | null }) {
	return (
		<section
			aria-labelledby="exigir-2fa-titulo"
			className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-white/10 dark:bg-gray-900"
		>
			<h2 id="exigir-2fa-titulo" className="font-semibold text-gray-900 dark:text-white">
				{tf.requirementTitle}
			</h2>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{tf.requirementHint}</p>
			{error ? (
				<p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
					{error}
				</p>
			) : null}
			<Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
				<input type="hidden" name="intent" value={REQUIRE_TWO_FACTOR_INTENT} />
				<Toggle
					// A new saved value resets the box to it (the form is not remounted otherwise).
					key={String(required)}
					name="requireTwoFactor"
					label={tf.requirementLabel}
					defaultChecked={required}
				/>
				<button type="submit" className={secondaryButtonClass}>
					{tf.requirementSave}
				</button>
			</Form>
		</section>
	)
}
