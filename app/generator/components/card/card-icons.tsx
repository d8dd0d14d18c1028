import { Icon as BaseIcon, type IconProps } from '~/components/icons'

function Icon(props: IconProps) {
	return <BaseIcon width={16} height={16} {...props} />
}

export const RefreshIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M21 12a9 9 0 1 1-2.64-6.36M21 3v6h-6" />
	</Icon>
)

export const PaletteIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.8.7-1.5 1.5-1.5H16a5 5 0 0 0 5-5c0-4.2-4-7.8-9-7.8Z" />
		<circle cx="7.5" cy="11.5" r="1" />
		<circle cx="10.5" cy="7.5" r="1" />
		<circle cx="15.5" cy="8.5" r="1" />
	</Icon>
)

export const UploadIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
	</Icon>
)

export const DownloadIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
	</Icon>
)

export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
	<Icon {...props} fill={filled ? 'currentColor' : 'none'}>
		<path d="M12 20s-7-4.4-9.2-8.6C1.3 8.5 3 5 6.4 5c2 0 3.6 1.2 4.6 2.6h2C14 6.2 15.6 5 17.6 5 21 5 22.7 8.5 21.2 11.4 19 15.6 12 20 12 20Z" />
	</Icon>
)

export const ArchiveIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M3 5h18v4H3zM5 9v10h14V9M10 13h4" />
	</Icon>
)

export function Spinner({ className }: { className?: string }) {
	return (
		<svg
			viewBox="0 0 24 24"
			width="16"
			height="16"
			aria-hidden="true"
			className={`animate-spin ${className ?? ''}`}
		>
			<circle
				cx="12"
				cy="12"
				r="9"
				fill="none"
				stroke="currentColor"
				strokeOpacity="0.25"
				strokeWidth="3"
			/>
			<path
				d="M21 12a9 9 0 0 0-9-9"
				fill="none"
				stroke="currentColor"
				strokeWidth="3"
				strokeLinecap="round"
			/>
		</svg>
	)
}
