import { Form } from '@remix-run/react'
import { dangerButtonClass, secondaryButtonClass } from '~/components/forms'
import { usePendingIntent } from '~/utils/misc'
import { formatDate, formatTime } from './dates'
import { PROFILE_INTENT, PROFILE_TABS } from './profile-forms'
import { profileMessages as messages } from './profile-messages'
import { type ProfilePageData } from './profile-page'
import type { TwoFactorView } from './two-factor-actions.server'
import { TwoFactorSection } from './two-factor-section'

const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso)}`

/**
 * The profile's 'Seguridad' tab: two-factor sign-in, then the devices signed in to the
 * account. (`twoFactor` comes from the same loader; the page's shared type leaves it out.)
 */
export function SecurityTab({
	data,
	basePath,
}: {
	data: ProfilePageData & { twoFactor?: TwoFactorView | null }
	basePath: string
}) {
	const sessions = data.sessions ?? []
	const others = sessions.filter((session) => !session.current).length
	const pending = usePendingIntent()
	const action = `${basePath}?tab=${PROFILE_TABS.security}`
	return (
		<>
			{data.twoFactor ? (
				<TwoFactorSection view={data.twoFactor} hasPassword={data.hasPassword} action={action} />
			) : null}
			<h2 className="text-lg font-semibold text-gray-900 dark:text-white">
				{messages.sessionsTitle}
			</h2>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{messages.sessionsIntro}</p>
			<ul
				className="mt-4 divide-y divide-gray-200 dark:divide-white/10"
				aria-label={messages.sessionsTitle}
			>
				{sessions.map((session) => (
					<li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
						<div className="min-w-0">
							<p className="font-medium text-gray-900 dark:text-gray-100">
								{session.device}
								{session.current ? (
									<span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-500/20 dark:text-brand-200">
										{messages.thisDevice}
									</span>
								) : null}
							</p>
							<p className="text-sm text-gray-600 dark:text-gray-400">
								{messages.sessionStarted}: {when(session.createdAt)} · {messages.sessionLastUsed}:{' '}
								{when(session.lastUsedAt)}
							</p>
						</div>
						{session.current ? null : (
							<Form method="post" action={action} preventScrollReset>
								<input type="hidden" name="intent" value={PROFILE_INTENT.endSession} />
								<input type="hidden" name="sessionId" value={session.id} />
								<button
									type="submit"
									className={secondaryButtonClass}
									aria-label={messages.endSessionLabel(session.device)}
								>
									{messages.endSession}
								</button>
							</Form>
						)}
					</li>
				))}
			</ul>
			{others > 0 ? (
				<Form method="post" action={action} preventScrollReset className="mt-4">
					<input type="hidden" name="intent" value={PROFILE_INTENT.endOtherSessions} />
					<button
						type="submit"
						className={dangerButtonClass}
						aria-disabled={pending === PROFILE_INTENT.endOtherSessions || undefined}
					>
						{messages.endOtherSessions}
					</button>
				</Form>
			) : (
				<p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{messages.onlyThisDevice}</p>
			)}
		</>
	)
}
