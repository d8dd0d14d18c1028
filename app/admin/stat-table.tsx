import { type ReactNode } from 'react'

export const cellClass = 'border-b border-gray-100 py-2 pr-3 dark:border-white/5'

/** A plain table of figures with its column headers. */
export function StatTable({ headers, children }: { headers: string[]; children: ReactNode }) {
	return (
		<div className="overflow-x-auto">
			<table className="w-full text-left text-sm text-gray-700 dark:text-gray-300">
				<thead>
					<tr>
						{headers.map((label) => (
							<th
								key={label}
								scope="col"
								className="border-b border-gray-200 py-2 pr-3 font-semibold dark:border-white/10"
							>
								{label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>{children}</tbody>
			</table>
		</div>
	)
}
