import {
	data,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { tokenPageHeaders } from '~/auth/token-pages.server'
import { AuthLayout, linkClass } from '~/components/auth-layout'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { FormAlert, SubmitButton } from '~/components/forms'
import { SETTINGS_PATH } from '~/dashboard/settings'
import { mailMessages as m } from '~/mail/messages'
import { stopTopicMail } from '~/mail/preferences.server'
import { TOPIC_LABEL } from '~/mail/topics'
import { readUnsubscribeToken } from '~/mail/unsubscribe.server'
import { UNSUBSCRIBE_PATH } from '~/mail/unsubscribe-path'
import { readFormData } from '~/utils/form-data.server'
import { useIsPending } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'
import { shownTheme } from '~/utils/theme.server'

/**
 * One-click unsubscribe (RFC 8058). Every bulk mail links here with a signed token naming
 * one account and one topic (`?t=`). A mail client's own "unsubscribe" button POSTs to the
 * link without cookies and without our Origin (the HTTP server lets exactly that request
 * through: server/request-guards.js, isOneClickUnsubscribe); a person who opens the link
 * gets this page and its button, which posts the same. Either way the token is the only
 * credential and turning that topic off the only effect: no session is read or made.
 */

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.unsubscribeTitle,
		description: m.unsubscribeDescription,
		path: UNSUBSCRIBE_PATH,
		noindex: true,
	})

// The address carries the token: never cached, never sent on to another site.
export const headers: HeadersFunction = () => tokenPageHeaders

function tokenOf(request: Request) {
	return readUnsubscribeToken(new URL(request.url).searchParams.get('t'))
}

export function loader({ request }: LoaderFunctionArgs) {
	const token = tokenOf(request)
	if (!token) return data({ topic: null }, { status: 400 })
	return { topic: TOPIC_LABEL[token.topic] }
}

export async function action({ request }: ActionFunctionArgs) {
	// The body says only `List-Unsubscribe=One-Click` (or our button): read within the cap,
	// then left alone.
	await readFormData(request).catch(() => null)
	const token = tokenOf(request)
	if (!token) return data({ done: false, error: m.unsubscribeInvalid }, { status: 400 })
	try {
		// An account deleted meanwhile gets no more mail either: done all the same. The theme
		// cookie, which only the page's own button sends, keeps a first settings row from
		// changing how the site looks in this browser.
		await stopTopicMail(token.userId, token.topic, await shownTheme(request))
	} catch (error) {
		console.error('Unsubscribe failed:', error instanceof Error ? error.message : error)
		return data({ done: false, error: m.unsubscribeError }, { status: 503 })
	}
	return { done: true, error: null }
}

export default function UnsubscribePage() {
	const { topic } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const pending = useIsPending({ state: 'submitting' })
	const toSettings = (
		<Link to={SETTINGS_PATH} className={linkClass}>
			{m.toSettings}
		</Link>
	)
	return (
		<AuthLayout title={m.unsubscribeTitle} footer={toSettings}>
			<div className="space-y-4 text-sm text-gray-700 dark:text-gray-300">
				{!topic ? (
					<p role="alert">{m.unsubscribeInvalid}</p>
				) : actionData?.done ? (
					<>
						<p role="status" className="font-medium text-gray-900 dark:text-white">
							{m.unsubscribeDone(topic)}
						</p>
						<p>{m.unsubscribeHint}</p>
					</>
				) : (
					<>
						<FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
						<p>{m.unsubscribeQuestion(topic)}</p>
						<Form method="post">
							<SubmitButton pending={pending} pendingLabel={m.unsubscribing}>
								{m.unsubscribeButton}
							</SubmitButton>
						</Form>
						<p>{m.unsubscribeHint}</p>
					</>
				)}
			</div>
		</AuthLayout>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
