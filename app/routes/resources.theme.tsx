import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { useFetcher, useFetchers, useLocation } from '@remix-run/react'
import { z } from 'zod'
import { getUser } from '~/auth/guards.server'
import { MoonIcon, SunIcon } from '~/components/icons'
import { saveSettings } from '~/dashboard/settings.server'
import { safeRedirect, useHydrated } from '~/utils/misc'
import { withSecurityHeaders } from '~/utils/security-headers.server'
import { setTheme, type Theme } from '~/utils/theme.server'
import { readFormData } from '~/utils/form-data.server'

const themeFormSchema = z.object({
	theme: z.enum(['light', 'dark', 'system']),
	redirectTo: z.string().optional(),
})

export async function action({ request }: ActionFunctionArgs) {
	const parsed = themeFormSchema.safeParse(Object.fromEntries(await readFormData(request)))
	if (!parsed.success) {
		return data({ error: 'Tema no válido' }, { status: 400 })
	}
	// Without JavaScript the form posts a redirectTo and the browser comes back to the page
	// (settled before anything is saved).
	const back = parsed.data.redirectTo === undefined ? null : safeRedirect(parsed.data.redirectTo)
	// A signed-in user's theme is their saved setting (what every page renders with); the
	// cookie keeps the choice for when they are signed out.
	const user = await getUser(request)
	if (user) await saveSettings(user.id, { theme: parsed.data.theme }, parsed.data.theme)
	const headers = { 'set-cookie': await setTheme(parsed.data.theme) }
	if (back !== null) return withSecurityHeaders(redirect(back, { headers }))
	return data({ error: null }, { headers })
}

export const themeFetcherKey = 'theme-switch'

/** The theme being submitted right now, so the page switches before the server answers. */
export function useOptimisticTheme(): Theme | 'system' | undefined {
	const fetchers = useFetchers()
	const fetcher = fetchers.find((f) => f.key === themeFetcherKey)
	const value = fetcher?.formData?.get('theme')
	return value === 'light' || value === 'dark' || value === 'system' ? value : undefined
}

/**
 * Two buttons, one per target theme; CSS shows the one that switches away from the theme
 * on screen (including the system theme), so the toggle is right before JavaScript loads.
 */
export function ThemeSwitch() {
	const fetcher = useFetcher<typeof action>({ key: themeFetcherKey })
	const location = useLocation()
	const hydrated = useHydrated()
	const buttonClass =
		'size-10 place-items-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-gray-200 dark:hover:bg-white/10'
	return (
		<fetcher.Form method="post" action="/resources/theme">
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<button
				type="submit"
				name="theme"
				value="dark"
				className={`grid dark:hidden ${buttonClass}`}
				title="Cambiar a tema oscuro"
			>
				<MoonIcon />
				<span className="sr-only">Cambiar a tema oscuro</span>
			</button>
			<button
				type="submit"
				name="theme"
				value="light"
				className={`hidden dark:grid ${buttonClass}`}
				title="Cambiar a tema claro"
			>
				<SunIcon />
				<span className="sr-only">Cambiar a tema claro</span>
			</button>
		</fetcher.Form>
	)
}
