/** The top of an admin page: its title (the page's one h1) and what the page is for. */
export function AdminPageHeader({ title, intro }: { title: string; intro: string }) {
	return (
		<header>
			<h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
			<p className="mt-1 text-gray-600 dark:text-gray-400">{intro}</p>
		</header>
	)
}
