import {
	data,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { adsDocumentAttributes, useAdsConfig, type AdsOutletContext } from './ads/config'
import { getUserForLayout } from './auth/guards.server'
import { appOrigin } from './auth/request.server'
import { isGoogleConfigured } from './auth/google.server'
import { Breadcrumbs } from './components/breadcrumbs'
import { EmailVerificationBanner } from './components/email-verification-banner'
import { GeneralErrorBoundary } from './components/error-boundary'
import { SiteFooter } from './components/site-footer'
import { SiteHeader, SkipLink } from './components/site-header'
import { Toaster } from './components/toaster'
import { useOptimisticTheme } from './routes/resources.theme'
import tailwindHref from './styles/tailwind.css?url'
import { enhanceInPageLinks } from './utils/in-page-links'
import { cx } from './utils/misc'
import { useNonce } from './utils/nonce-provider'
import { getAppearance } from './utils/theme.server'
import { getToast } from './utils/toast.server'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
	{ rel: 'stylesheet', href: tailwindHref },
]

export const meta: MetaFunction = () => [
	{ title: 'Frasea · Generador de frases con IA para redes sociales' },
	{
		name: 'description',
		content:
			'Crea frases originales para Instagram, Facebook y tus redes sociales con inteligencia artificial y descárgalas como imágenes listas para publicar.',
	},
]

export async function loader({ request }: LoaderFunctionArgs) {
	const [{ toast, headers: toastHeaders }, session] = await Promise.all([
		getToast(request),
		getUserForLayout(request),
	])
	// Theme, font size and motion are rendered on <html> by the server: no flash on load.
	const { theme, fontSize, reducedMotion } = await getAppearance(request, session.user?.id ?? null)
	const headers = new Headers(toastHeaders ?? undefined)
	// Extends the 30-day session (about once a day) or clears a cookie whose session is gone.
	if (session.setCookie) headers.append('set-cookie', session.setCookie)
	// Only what the layout shows: never the e-mail, id or anything secret.
	const user = session.user
		? {
				name: session.user.name,
				avatarUrl: session.avatarUrl,
				isAdmin: session.user.isAdmin,
				emailVerified: session.user.emailVerified,
			}
		: null
	return data(
		{
			theme,
			fontSize,
			reducedMotion,
			toast,
			user,
			googleEnabled: isGoogleConfigured(),
			year: new Date().getFullYear(),
			// Canonical links must be absolute URLs.
			origin: appOrigin(),
		},
		{ headers },
	)
}

export function Layout({ children }: { children: ReactNode }) {
	const loaderData = useRouteLoaderData<typeof loader>('root')
	const nonce = useNonce()
	const optimisticTheme = useOptimisticTheme()
	const theme = optimisticTheme ?? loaderData?.theme ?? 'system'
	const location = useLocation()
	const ads = useAdsConfig()
	return (
		<html
			lang="es"
			{...adsDocumentAttributes(ads)}
			className={
				cx(theme === 'system' ? null : theme, loaderData?.reducedMotion && 'reduce-motion') ||
				undefined
			}
			data-font-size={
				loaderData && loaderData.fontSize !== 'medium' ? loaderData.fontSize : undefined
			}
		>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#a21caf" />
				<Meta />
				{loaderData ? (
					<link rel="canonical" href={`${loaderData.origin}${location.pathname}`} />
				) : null}
				<Links />
			</head>
			<body className="flex min-h-dvh flex-col bg-white font-sans text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100">
				<SkipLink />
				<SiteHeader user={loaderData?.user ?? null} google={loaderData?.googleEnabled ?? false} />
				{loaderData?.user && !loaderData.user.emailVerified ? <EmailVerificationBanner /> : null}
				{location.pathname === '/' ? null : <Breadcrumbs />}
				<main id="contenido" className="flex-1">
					{children}
				</main>
				<SiteFooter
					year={loaderData?.year ?? new Date().getFullYear()}
					google={!loaderData?.user && (loaderData?.googleEnabled ?? false)}
				/>
				<Toaster serverToast={loaderData?.toast ?? null} />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	useEffect(() => {
		// Marks the document once React has hydrated (tests use it to tell the two modes apart).
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	useEffect(enhanceInPageLinks, [])
	// The home page's ad slot: decided once per document (see app/ads/config.ts).
	const ads = useAdsConfig()
	return <Outlet context={{ ads } satisfies AdsOutletContext} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
