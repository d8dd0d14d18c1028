import { type ReactNode } from 'react'

// Element styles for long-form text, written as child selectors because no typography
// plugin is installed. Routes write plain <h2>, <p>, <ul> and <a> inside.
const proseClass = [
	'text-base leading-relaxed text-gray-700 dark:text-gray-300',
	'[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-gray-900 dark:[&_h2]:text-white',
	'[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900 dark:[&_h3]:text-white',
	'[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
	'[&_li]:pl-1 [&_li]:marker:text-brand-600 dark:[&_li]:marker:text-brand-300',
	'[&_strong]:font-semibold [&_strong]:text-gray-900 dark:[&_strong]:text-white',
	'[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a]:hover:text-brand-800 dark:[&_a]:text-brand-300 dark:[&_a]:hover:text-brand-200',
	'[&_a]:rounded-sm [&_a]:focus-visible:outline-2 [&_a]:focus-visible:outline-offset-2 [&_a]:focus-visible:outline-brand-600 dark:[&_a]:focus-visible:outline-brand-300',
	'[&>:first-child]:mt-0',
].join(' ')

type ProsePageProps = {
	title: string
	/** A short lead paragraph under the title. */
	lead?: ReactNode
	/** ISO date and its Spanish wording, shown as 'Última actualización'. */
	updated?: { iso: string; label: string }
	children: ReactNode
}

/** Layout for static text pages (about, privacy, terms): one h1, a lead and styled prose. */
export function ProsePage({ title, lead, updated, children }: ProsePageProps) {
	return (
		<article className="mx-auto max-w-3xl px-4 pt-10 pb-24">
			<header className="border-b border-gray-200 pb-8 dark:border-white/10">
				<h1 className="text-4xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-5xl dark:text-white">
					{title}
				</h1>
				{lead ? (
					<p className="mt-5 text-lg leading-relaxed text-pretty text-gray-600 dark:text-gray-400">
						{lead}
					</p>
				) : null}
				{updated ? (
					<p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
						Última actualización: <time dateTime={updated.iso}>{updated.label}</time>
					</p>
				) : null}
			</header>
			<Prose className="mt-10">{children}</Prose>
		</article>
	)
}

function Prose({ className, children }: { className?: string; children: ReactNode }) {
	return <div className={className ? `${proseClass} ${className}` : proseClass}>{children}</div>
}
