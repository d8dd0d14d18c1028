import { type SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement>

/** The outline icon frame every icon set of the app draws in (24-unit grid, current colour). */
export function Icon({ children, ...props }: IconProps) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="20"
			height="20"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{children}
		</svg>
	)
}

export const MenuIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 6h16M4 12h16M4 18h16" />
	</Icon>
)

export const CloseIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M6 6l12 12M18 6L6 18" />
	</Icon>
)

export const SunIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="4" />
		<path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
	</Icon>
)

export const MoonIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
	</Icon>
)

export const SparklesIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
		<path d="M19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z" />
	</Icon>
)
