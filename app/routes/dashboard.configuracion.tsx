import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { clearSessionCookie } from '~/auth/session.server'
import { requireUser } from '~/auth/guards.server'
import { type BreadcrumbHandle } from '~/components/breadcrumbs'
import {
	checkDeletionConfirmation,
	deleteAccount,
	hasPassword,
	isMainAdmin,
	MainAdminError,
} from '~/dashboard/account-deletion.server'
import { exportFileName } from '~/dashboard/export.server'
import { ListErrorBoundary } from '~/dashboard/list-error-boundary'
import { badRequest } from '~/dashboard/responses.server'
import {
	DELETE_INTENT,
	deletionSchema,
	parseTab,
	sectionValues,
	SETTINGS_PATH,
	settingsMessages as messages,
	settingsSchema,
	TABS,
	tabHref,
} from '~/dashboard/settings'
import { getSettings, saveSettings } from '~/dashboard/settings.server'
import { BRAND_INTENT, BRAND_TAB, brandMessages, brandSchema } from '~/dashboard/brand'
import { BrandForm } from '~/dashboard/brand-form'
import { getBrand, saveBrand } from '~/models/brand.server'
import { readFormData } from '~/utils/form-data.server'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { setTheme, shownTheme } from '~/utils/theme.server'
import { redirectWithToast } from '~/utils/toast.server'
import { DataSection } from '~/dashboard/data-section'
import { panelClass, SAVE_INTENT, SettingsForm } from '~/dashboard/settings-form'

export const meta: MetaFunction = () =>
	pageMeta({
		title: messages.title,
		description: 'Tus preferencias de Frasea: notificaciones, apariencia, privacidad y tu marca.',
		path: SETTINGS_PATH,
		noindex: true,
	})

export const handle = { breadcrumb: messages.title } satisfies BreadcrumbHandle

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const tab = parseTab(new URL(request.url).searchParams.get('pestana'))
	const [settings, withPassword, brand] = await Promise.all([
		getSettings(user.id, await shownTheme(request)),
		hasPassword(user.id),
		getBrand(user.id),
	])
	return {
		tab,
		settings,
		brand,
		hasPassword: withPassword,
		mainAdmin: isMainAdmin(user.email),
		exportFileName: exportFileName(user.id),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readFormData(request)
	const intent = formData.get('intent')

	if (intent === SAVE_INTENT) {
		const submission = parseWithZod(formData, { schema: settingsSchema })
		if (submission.status !== 'success') {
			return data({ settings: submission.reply(), brand: null, deletion: null }, { status: 400 })
		}
		const { value } = submission
		await saveSettings(user.id, sectionValues(value), await shownTheme(request))
		const headers = new Headers()
		// The cookie follows, so the site keeps this theme once the user signs out.
		if (value.seccion === 'apariencia') headers.append('set-cookie', await setTheme(value.theme))
		return redirectWithToast(
			tabHref(value.seccion),
			{ type: 'success', message: messages.saved },
			{ headers },
		)
	}

	if (intent === BRAND_INTENT) {
		const submission = parseWithZod(formData, { schema: brandSchema })
		if (submission.status !== 'success') {
			return data({ settings: null, brand: submission.reply(), deletion: null }, { status: 400 })
		}
		await saveBrand(user.id, submission.value)
		return redirectWithToast(tabHref(BRAND_TAB), { type: 'success', message: brandMessages.saved })
	}

	if (intent === DELETE_INTENT) {
		const submission = parseWithZod(formData, { schema: deletionSchema })
		const refuse = (status: number, errors: { form?: string; email?: string; password?: string }) =>
			data(
				{
					settings: null,
					brand: null,
					deletion: submission.reply({
						hideFields: ['password'],
						...(errors.form ? { formErrors: [errors.form] } : {}),
						fieldErrors: {
							...(errors.email ? { email: [errors.email] } : {}),
							...(errors.password ? { password: [errors.password] } : {}),
						},
					}),
				},
				{ status },
			)
		if (isMainAdmin(user.email)) return refuse(403, { form: messages.mainAdmin })
		if (submission.status !== 'success') return refuse(400, {})
		const check = await checkDeletionConfirmation(user, submission.value)
		if (!check.ok) return refuse(check.status, { [check.field]: check.message })
		try {
			await deleteAccount(user.id)
		} catch (error) {
			if (error instanceof MainAdminError) return refuse(403, { form: messages.mainAdmin })
			console.error('Account deletion failed', error)
			return refuse(500, { form: messages.deleteError })
		}
		return redirectWithToast(
			'/',
			{ type: 'success', message: messages.accountDeleted },
			{ headers: { 'set-cookie': await clearSessionCookie() } },
		)
	}

	badRequest('No sabemos qué hacer con este formulario. Recarga la página e inténtalo de nuevo.')
}

export default function SettingsPage() {
	const { tab, settings, brand, hasPassword, mainAdmin, exportFileName } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
				{messages.title}
			</h1>
			<div className={panelClass}>
				<nav aria-label="Apartados de la configuración">
					<ul className="flex flex-wrap gap-2 border-b border-gray-200 pb-3 dark:border-white/10">
						{TABS.map((item) => (
							<li key={item.key}>
								<Link
									to={tabHref(item.key)}
									preventScrollReset
									aria-current={item.key === tab ? 'page' : undefined}
									className={cx(
										'block rounded-lg px-3 py-2 text-sm font-medium',
										item.key === tab
											? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
											: 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/10',
									)}
								>
									{item.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				{/* Keyed by tab: each tab's form starts from what is saved. */}
				{tab === BRAND_TAB ? (
					// Keyed by what is saved too: after a save the form shows the stored (normalised) handle.
					<BrandForm
						key={`${tab}:${JSON.stringify(brand)}`}
						brand={brand}
						lastResult={actionData?.brand ?? null}
					/>
				) : (
					<SettingsForm
						key={tab}
						tab={tab}
						settings={settings}
						lastResult={actionData?.settings ?? null}
					/>
				)}
			</div>
			<DataSection
				fileName={exportFileName}
				hasPassword={hasPassword}
				mainAdmin={mainAdmin}
				lastResult={actionData?.deletion ?? null}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return <ListErrorBoundary loadError={messages.unavailable} />
}
