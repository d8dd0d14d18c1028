import { formatCount, formatDay } from './format'
import { adminMessages as m } from './messages'

interface Day {
	day: string
	generations: number
}

const WIDTH = 600
const HEIGHT = 220
const PAD = { top: 16, right: 8, bottom: 28, left: 40 }

/**
 * Generations per day as a bar chart drawn on the server (plain SVG, no script), with the
 * same figures as a table for screen readers.
 */
export function DailyChart({ days }: { days: Day[] }) {
	const max = Math.max(0, ...days.map((day) => day.generations))
	const total = days.reduce((sum, day) => sum + day.generations, 0)
	// A round top for the axis, at least 1 so an empty month still draws a baseline.
	const top = Math.max(1, niceCeiling(max))
	const plotWidth = WIDTH - PAD.left - PAD.right
	const plotHeight = HEIGHT - PAD.top - PAD.bottom
	const slot = plotWidth / Math.max(1, days.length)
	const barWidth = Math.max(2, slot * 0.7)
	const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight
	return (
		<figure className="space-y-2">
			{/* The section around the chart shows the same title as its heading. */}
			<figcaption className="sr-only">{m.chartTitle}</figcaption>
			<svg
				viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
				role="img"
				aria-label={`${m.chartTitle}. ${m.chartDescription(total, max)}`}
				data-testid="grafico-generaciones"
				className="h-auto w-full text-gray-500 dark:text-gray-400"
			>
				{(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((tick) => (
					<g key={tick}>
						<line
							x1={PAD.left}
							x2={WIDTH - PAD.right}
							y1={y(tick)}
							y2={y(tick)}
							stroke="currentColor"
							strokeOpacity={tick === 0 ? 0.6 : 0.2}
						/>
						<text
							x={PAD.left - 6}
							y={y(tick) + 4}
							textAnchor="end"
							fontSize="11"
							fill="currentColor"
						>
							{formatCount(tick)}
						</text>
					</g>
				))}
				{days.map((day, index) => {
					const x = PAD.left + index * slot + (slot - barWidth) / 2
					const barTop = y(day.generations)
					return (
						<g key={day.day}>
							<rect
								x={x}
								y={barTop}
								width={barWidth}
								height={PAD.top + plotHeight - barTop}
								rx={1.5}
								className="fill-brand-500"
							>
								<title>{`${formatDay(day.day)}: ${formatCount(day.generations)}`}</title>
							</rect>
							{/* Every seventh day, counted back from today, so labels never collide. */}
							{(days.length - 1 - index) % 7 === 0 && (
								<text
									x={x + barWidth / 2}
									y={HEIGHT - 8}
									textAnchor="middle"
									fontSize="11"
									fill="currentColor"
								>
									{formatDay(day.day)}
								</text>
							)}
						</g>
					)
				})}
			</svg>
			<table className="sr-only">
				<caption>{m.chartTitle}</caption>
				<thead>
					<tr>
						<th scope="col">{m.day}</th>
						<th scope="col">{m.generations}</th>
					</tr>
				</thead>
				<tbody>
					{days.map((day) => (
						<tr key={day.day}>
							<th scope="row">{formatDay(day.day)}</th>
							<td>{formatCount(day.generations)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</figure>
	)
}

/** 1, 2 or 5 times a power of ten, at least `value` (so whole axis labels). */
function niceCeiling(value: number) {
	if (value <= 1) return 1
	const power = 10 ** Math.floor(Math.log10(value))
	for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power
	return 10 * power
}
