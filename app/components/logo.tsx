import { Link } from '@remix-run/react'

export function Logo() {
	return (
		<Link
			to="/"
			className="flex items-center gap-2 rounded-lg font-bold text-gray-900 dark:text-white"
			aria-label="Frasea, ir al inicio"
		>
			<span
				aria-hidden="true"
				className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-orange-400 text-lg text-white shadow-sm"
			>
				F
			</span>
			<span className="text-xl tracking-tight">Frasea</span>
		</Link>
	)
}
