import { Pagination } from '~/dashboard/pagination'
import { formatDateTime } from './format'
import { adminMessages as m } from './messages'
import { cellClass, StatTable } from './stat-table'

/** The overview's 'Registro de cambios' list, as the loader sends it (dates as strings). */
export interface AuditTrailView {
	entries: {
		id: string
		createdAt: Date | string
		actor: string
		description: string
		target: string | null
	}[]
	page: number
	pageCount: number
}

export function AuditTrail({
	trail,
	hrefFor,
}: {
	/** null: it could not be loaded (logged on the server). */
	trail: AuditTrailView | null
	hrefFor: (page: number) => string
}) {
	if (trail === null) {
		return <p className="text-sm text-gray-600 dark:text-gray-400">{m.auditLoadError}</p>
	}
	if (trail.entries.length === 0) {
		return <p className="text-sm text-gray-600 dark:text-gray-400">{m.auditEmpty}</p>
	}
	return (
		<>
			<p className="text-sm text-gray-600 dark:text-gray-400">{m.auditIntro}</p>
			<div data-testid="registro-cambios">
				<StatTable headers={[m.auditWhen, m.auditWho, m.auditWhat, m.auditTarget]}>
					{trail.entries.map((entry) => (
						<tr key={entry.id}>
							<td className={`${cellClass} whitespace-nowrap`}>
								<time dateTime={new Date(entry.createdAt).toISOString()}>
									{formatDateTime(entry.createdAt)}
								</time>
							</td>
							<td className={cellClass}>{entry.actor}</td>
							<td className={cellClass}>{entry.description}</td>
							<td className={`${cellClass} break-all`}>{entry.target ?? '—'}</td>
						</tr>
					))}
				</StatTable>
			</div>
			<Pagination
				page={trail.page}
				pageCount={trail.pageCount}
				hrefFor={hrefFor}
				label={m.auditPagination}
			/>
		</>
	)
}
