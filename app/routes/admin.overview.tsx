import { TabNav } from '~/components/tab-nav'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuditTrail } from '~/admin/audit-trail'
import { getAuditTrail } from '~/admin/audit-trail.server'
import { DailyChart } from '~/admin/daily-chart'
import { formatCount, formatDateTime, formatLatency, formatRate } from '~/admin/format'
import { adminMessages as m } from '~/admin/messages'
import {
	generationTotals,
	getCallStats,
	getDailyGenerations,
	getLanguageCheckStats,
	getLanguageStats,
	getRecentLikeStats,
	getRecentPhrases,
	getUserStats,
} from '~/admin/overview-stats.server'
import { readOnlyAction } from '~/admin/read-only.server'
import { settle } from '~/admin/settle.server'
import { cellClass, StatTable } from '~/admin/stat-table'
import { Stat, statCardClass as cardClass } from '~/admin/stat-card'
import { requireAdmin } from '~/auth/guards.server'
import { LANGUAGES } from '~/generation/options'
import { isSpanishVariant, VARIANT_LABELS } from '~/generation/spanish'
import { cx } from '~/utils/misc'
import { pageMeta } from '~/utils/seo'

export const meta: MetaFunction = () =>
	pageMeta({
		title: m.overview,
		description: 'Estadísticas y actividad reciente de Frasea.',
		path: '/admin/overview',
		noindex: true,
	})

const tabs = [
	{ id: 'actividad', label: m.recentActivityTab },
	{ id: 'estadisticas', label: m.statisticsTab },
	{ id: 'registro', label: m.auditTab },
] as const
type TabId = (typeof tabs)[number]['id']

function tabFrom(url: URL): TabId {
	const value = url.searchParams.get('tab')
	return tabs.find((tab) => tab.id === value)?.id ?? 'actividad'
}

/** The trail's page, `?tab=registro&pagina=N` (anything else is the first page). */
function trailPageFrom(url: URL) {
	const page = Number.parseInt(url.searchParams.get('pagina') ?? '', 10)
	return Number.isInteger(page) && page > 0 ? page : 1
}

const trailHref = (page: number) => `?tab=registro${page > 1 ? `&pagina=${page}` : ''}`

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const tab = tabFrom(url)
	const now = new Date()
	// Each block loads on its own: one failing is logged and leaves the others standing.
	const statistics = tab === 'estadisticas'
	const [users, daily, calls, likes, languages, languageCheck, recent, trail] = await Promise.all([
		settle('user statistics', () => getUserStats(now)),
		settle('daily generations', () => getDailyGenerations(now)),
		settle('provider calls', () =>
			// The cards need the total; the statistics tab adds the per-provider table.
			getCallStats(now, { totalOnly: tab !== 'estadisticas' }),
		),
		statistics ? settle('like statistics', () => getRecentLikeStats(now)) : null,
		statistics ? settle('language statistics', () => getLanguageStats(now)) : null,
		statistics ? settle('language check statistics', () => getLanguageCheckStats(now)) : null,
		tab === 'actividad' ? settle('recent activity', () => getRecentPhrases()) : null,
		tab === 'registro' ? settle('audit trail', () => getAuditTrail(trailPageFrom(url))) : null,
	])
	return {
		tab,
		users,
		daily: tab === 'estadisticas' ? daily : null,
		totals: daily ? generationTotals(daily) : null,
		calls,
		likes,
		languages,
		languageCheck,
		recent,
		trail,
	}
}

export const action = readOnlyAction

function StatGroup({
	title,
	hint,
	children,
}: {
	title: string
	hint?: string
	children: ReactNode
}) {
	const id = `grupo-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
	return (
		<section aria-labelledby={id} className="space-y-2">
			<h2
				id={id}
				className="text-sm font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400"
			>
				{title}
			</h2>
			{hint ? <p className="text-xs text-gray-600 dark:text-gray-400">{hint}</p> : null}
			<dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
		</section>
	)
}

function Section({ title, children }: { title: string; children: ReactNode }) {
	const id = `seccion-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
	return (
		<section aria-labelledby={id} className={cx(cardClass, 'space-y-3')}>
			<h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-white">
				{title}
			</h2>
			{children}
		</section>
	)
}

/** 'Español', or the code as stored. */
function languageLabel(code: string | null) {
	if (code === null) return m.languageUnrecorded
	return LANGUAGES.find((language) => language.code === code)?.label ?? code
}

function variantLabel(variant: string | null) {
	if (variant === null) return '—'
	return isSpanishVariant(variant) ? VARIANT_LABELS[variant] : variant
}

function Unavailable() {
	return <p className="text-sm text-gray-600 dark:text-gray-400">{m.statUnavailable}</p>
}

export default function AdminOverview() {
	const { tab, users, totals, calls, daily, likes, languages, languageCheck, recent, trail } =
		useLoaderData<typeof loader>()
	const count = (value: number | undefined) => (value === undefined ? null : formatCount(value))
	const overall = calls?.[0]
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
					{m.overview}
				</h1>
				<p className="mt-1 text-gray-600 dark:text-gray-400">{m.overviewIntro}</p>
			</header>

			<StatGroup title={m.usersGroup}>
				<Stat label={m.totalUsers} value={count(users?.totalUsers)} />
				<Stat label={m.totalPhrases} value={count(users?.totalPhrases)} />
				<Stat label={m.activeUsers} value={count(users?.activeUsers)} hint={m.activeUsersHint} />
				<Stat
					label={m.averagePhrases}
					value={count(users?.averagePhrasesPerUser)}
					hint={m.averagePhrasesHint}
				/>
			</StatGroup>
			<StatGroup title={m.generationsGroup} hint={m.generationsHint}>
				<Stat label={m.generationsToday} value={count(totals?.today)} />
				<Stat label={m.generations7Days} value={count(totals?.last7Days)} />
				<Stat label={m.generations30Days} value={count(totals?.last30Days)} />
			</StatGroup>
			<StatGroup title={m.callsGroup}>
				<Stat label={m.calls} value={count(overall?.calls)} />
				<Stat
					label={m.errorRate}
					value={overall ? (overall.calls > 0 ? formatRate(overall.errorRate) : '—') : null}
				/>
				<Stat label={m.p50} value={overall ? formatLatency(overall.p50Ms) : null} />
				<Stat label={m.p95} value={overall ? formatLatency(overall.p95Ms) : null} />
			</StatGroup>

			<TabNav
				label={m.sections}
				tabs={tabs.map((item) => ({ ...item, href: `?tab=${item.id}` }))}
				current={tab}
			/>

			{tab === 'registro' ? (
				<Section title={m.auditTab}>
					<AuditTrail trail={trail} hrefFor={trailHref} />
				</Section>
			) : tab === 'actividad' ? (
				<Section title={m.recentActivityTab}>
					{recent === null ? (
						<Unavailable />
					) : recent.length === 0 ? (
						<p className="text-sm text-gray-600 dark:text-gray-400">{m.noRecentActivity}</p>
					) : (
						<ul
							className="divide-y divide-gray-100 dark:divide-white/5"
							data-testid="actividad-reciente"
						>
							{recent.map((phrase) => (
								<li key={phrase.id} className="py-3">
									<p className="text-sm font-semibold text-gray-900 dark:text-white">
										{phrase.userName}
									</p>
									<p className="mt-0.5 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">
										{phrase.content}
									</p>
									<p className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">
										<time dateTime={new Date(phrase.createdAt).toISOString()}>
											{formatDateTime(phrase.createdAt)}
										</time>
									</p>
								</li>
							))}
						</ul>
					)}
				</Section>
			) : (
				<>
					<Section title={m.chartTitle}>
						{daily === null ? <Unavailable /> : <DailyChart days={daily} />}
					</Section>
					<Section title={m.callsTitle}>
						{calls === null ? (
							<Unavailable />
						) : overall && overall.calls > 0 ? (
							<StatTable headers={[m.provider, m.calls, m.errors, m.errorRate, m.p50, m.p95]}>
								{calls.map((row) => (
									<tr key={row.provider ?? ''}>
										<th scope="row" className={cx(cellClass, 'font-medium')}>
											{row.provider ?? m.allProviders}
										</th>
										<td className={cellClass}>{formatCount(row.calls)}</td>
										<td className={cellClass}>{formatCount(row.errors)}</td>
										<td className={cellClass}>{formatRate(row.errorRate)}</td>
										<td className={cellClass}>{formatLatency(row.p50Ms)}</td>
										<td className={cellClass}>{formatLatency(row.p95Ms)}</td>
									</tr>
								))}
							</StatTable>
						) : (
							<p className="text-sm text-gray-600 dark:text-gray-400">{m.noCalls}</p>
						)}
					</Section>
					<Section title={m.languagesTitle}>
						{languages === null ? (
							<Unavailable />
						) : languages.length === 0 ? (
							<p className="text-sm text-gray-600 dark:text-gray-400">{m.noLanguages}</p>
						) : (
							<StatTable headers={[m.language, m.variant, m.generations]}>
								{languages.map((row) => (
									<tr key={`${row.language}|${row.variant}`}>
										<td className={cellClass}>{languageLabel(row.language)}</td>
										<td className={cellClass}>{variantLabel(row.variant)}</td>
										<td className={cellClass}>{formatCount(row.generations)}</td>
									</tr>
								))}
							</StatTable>
						)}
					</Section>
					<Section title={m.languageCheckTitle}>
						<p className="text-sm text-gray-600 dark:text-gray-400">{m.languageCheckHint}</p>
						{languageCheck === null ? (
							<Unavailable />
						) : languageCheck.length === 0 ? (
							<p className="text-sm text-gray-600 dark:text-gray-400">{m.noRejections}</p>
						) : (
							<StatTable headers={[m.provider, m.model, m.rejectedAnswers, m.droppedPhrases]}>
								{languageCheck.map((row) => (
									<tr key={`${row.provider}|${row.model}`}>
										<td className={cellClass}>{row.provider}</td>
										<td className={cellClass}>{row.model}</td>
										<td className={cellClass}>{formatCount(row.rejectedAnswers)}</td>
										<td className={cellClass}>{formatCount(row.droppedPhrases)}</td>
									</tr>
								))}
							</StatTable>
						)}
					</Section>
					<Section title={m.likesTitle}>
						{likes === null ? (
							<Unavailable />
						) : likes.length === 0 ? (
							<p className="text-sm text-gray-600 dark:text-gray-400">{m.noLikes}</p>
						) : (
							<StatTable headers={[m.provider, m.model, m.phraseType, m.likes]}>
								{likes.map((row) => (
									<tr key={`${row.provider}|${row.model}|${row.phraseType}`}>
										<td className={cellClass}>{row.provider}</td>
										<td className={cellClass}>{row.model}</td>
										<td className={cellClass}>{row.phraseType || '—'}</td>
										<td className={cellClass}>{formatCount(row.likes)}</td>
									</tr>
								))}
							</StatTable>
						)}
					</Section>
				</>
			)}
		</div>
	)
}
