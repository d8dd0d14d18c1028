import { Form } from '@remix-run/react'
import { cellClass, StatTable } from '~/admin/stat-table'
import { dangerButtonClass, secondaryButtonClass } from '~/components/forms'
import type { ToolRow } from '~/settings/tools.server'
import { cx } from '~/utils/misc'
import { toolsMessages as m } from './messages'

const smallButton = 'px-3 py-1.5 text-xs'

function StatusBadge({ active }: { active: boolean }) {
	return (
		<span
			data-testid="estado-herramienta"
			className={cx(
				'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold',
				active
					? 'bg-green-100 text-green-900 dark:bg-green-500/20 dark:text-green-100'
					: 'bg-gray-200 text-gray-800 dark:bg-white/10 dark:text-gray-200',
			)}
		>
			{active ? m.active : m.inactive}
		</span>
	)
}

/** A row's buttons: on/off for every tool, delete (asked first) for the admin's own. */
function RowActions({ tool }: { tool: ToolRow }) {
	return (
		<div className="flex flex-wrap items-center gap-2">
			<Form method="post" preventScrollReset>
				<input type="hidden" name="intent" value={tool.isActive ? 'desactivar' : 'activar'} />
				<input type="hidden" name="toolId" value={tool.id} />
				<button
					type="submit"
					aria-label={tool.isActive ? m.deactivateLabel(tool.name) : m.activateLabel(tool.name)}
					className={cx(secondaryButtonClass, smallButton)}
				>
					{tool.isActive ? m.deactivate : m.activate}
				</button>
			</Form>
			{tool.isGenerator ? (
				<span className="text-xs text-gray-600 dark:text-gray-400">{m.generatorNote}</span>
			) : (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="intent" value="eliminar" />
					<input type="hidden" name="toolId" value={tool.id} />
					<button
						type="submit"
						aria-label={m.deleteLabel(tool.name)}
						className={cx(dangerButtonClass, smallButton)}
					>
						{m.delete}
					</button>
				</Form>
			)}
		</div>
	)
}

/** Every tool with its model, state and actions. */
export function ToolList({ tools }: { tools: ToolRow[] }) {
	if (tools.length === 0) {
		return <p className="text-sm text-gray-600 dark:text-gray-400">{m.noTools}</p>
	}
	return (
		<StatTable
			headers={[
				m.columnName,
				m.columnDescription,
				m.columnEndpoint,
				m.columnModel,
				m.columnStatus,
				m.columnActions,
			]}
		>
			{tools.map((tool) => (
				<tr key={tool.id} data-testid="herramienta">
					<th scope="row" className={cx(cellClass, 'font-medium')}>
						{tool.name}
					</th>
					<td className={cx(cellClass, 'min-w-48')}>{tool.description}</td>
					<td className={cx(cellClass, 'break-all')}>
						<code>{tool.endpoint}</code>
					</td>
					<td className={cellClass}>{tool.modelName ?? m.serviceModel}</td>
					<td className={cellClass}>
						<StatusBadge active={tool.isActive} />
					</td>
					<td className={cellClass}>
						<RowActions tool={tool} />
					</td>
				</tr>
			))}
		</StatTable>
	)
}
