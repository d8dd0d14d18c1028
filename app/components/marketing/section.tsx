import { type ReactNode } from 'react'
import { cx } from '~/utils/misc'

/** Shared class names for the call-to-action links on the marketing pages. */
export const primaryButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm shadow-brand-600/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300'

export const secondaryButtonClass =
	'inline-flex items-center justify-center gap-2 rounded-xl border border-gray-300 bg-white px-6 py-3 text-base font-semibold text-gray-900 transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-white/20 dark:bg-white/5 dark:text-white dark:hover:bg-white/10 dark:focus-visible:outline-brand-300'

type SectionProps = {
	/** Anchor id; the heading gets `${id}-titulo` for aria-labelledby. */
	id: string
	eyebrow?: string
	title: string
	intro?: ReactNode
	tinted?: boolean
	children?: ReactNode
}

/** A home-page band: a labelled <section> with a centred heading block above its content. */
export function Section({ id, eyebrow, title, intro, tinted, children }: SectionProps) {
	const headingId = `${id}-titulo`
	return (
		<section
			id={id}
			aria-labelledby={headingId}
			className={cx(
				'py-20 sm:py-24',
				tinted && 'border-y border-gray-100 bg-gray-50 dark:border-white/5 dark:bg-gray-900/60',
			)}
		>
			<div className="mx-auto max-w-6xl px-4">
				<div className="mx-auto max-w-2xl text-center">
					{eyebrow ? (
						<p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
							{eyebrow}
						</p>
					) : null}
					<h2
						id={headingId}
						className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl dark:text-white"
					>
						{title}
					</h2>
					{intro ? (
						<p className="mt-4 text-lg text-pretty text-gray-600 dark:text-gray-400">{intro}</p>
					) : null}
				</div>
				{children}
			</div>
		</section>
	)
}
