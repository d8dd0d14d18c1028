import { Icon as BaseIcon, type IconProps } from '~/components/icons'

// Decorative outline icons for the marketing pages; the text next to them carries the meaning.
function Icon(props: IconProps) {
	return <BaseIcon width={24} height={24} strokeWidth={1.75} {...props} />
}

export const GlobeIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="9" />
		<path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
	</Icon>
)

export const TagsIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M3 12.6V4a1 1 0 0 1 1-1h8.6a1 1 0 0 1 .7.3l7.4 7.4a1 1 0 0 1 0 1.4l-8.6 8.6a1 1 0 0 1-1.4 0l-7.4-7.4a1 1 0 0 1-.3-.7z" />
		<circle cx="8" cy="8" r="1.5" />
	</Icon>
)

export const LayoutIcon = (props: IconProps) => (
	<Icon {...props}>
		<rect x="3" y="3" width="11" height="11" rx="1.5" />
		<rect x="17" y="3" width="4" height="18" rx="1" />
		<rect x="3" y="17" width="11" height="4" rx="1" />
	</Icon>
)

export const PaletteIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.7-.8 1.7-1.7 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-.9.8-1.7 1.7-1.7H16a5 5 0 0 0 5-5c0-4-4-7.2-9-7.2z" />
		<circle cx="7.5" cy="11" r="1" />
		<circle cx="10" cy="7" r="1" />
		<circle cx="15" cy="7.5" r="1" />
	</Icon>
)

export const ImageIcon = (props: IconProps) => (
	<Icon {...props}>
		<rect x="3" y="4" width="18" height="16" rx="2" />
		<circle cx="9" cy="10" r="2" />
		<path d="M21 16l-5-5-9 9" />
	</Icon>
)

export const BookmarkIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M6 3h12a1 1 0 0 1 1 1v17l-7-4-7 4V4a1 1 0 0 1 1-1z" />
	</Icon>
)

export const PencilIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z" />
		<path d="M13.5 6.5l4 4" />
	</Icon>
)

export const SlidersIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
		<circle cx="16" cy="6" r="2" />
		<circle cx="10" cy="12" r="2" />
		<circle cx="18" cy="18" r="2" />
	</Icon>
)

export const WandIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 20L15 9M13 7l4 4" />
		<path d="M18 3v3M16.5 4.5h3M20 10v2M19 11h2M9 3v2M8 4h2" />
	</Icon>
)

export const DownloadIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
	</Icon>
)

export const ClockIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="9" />
		<path d="M12 7v5l3 2" />
	</Icon>
)

export const BulbIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M9 18h6M10 21h4" />
		<path d="M12 3a6 6 0 0 0-3.6 10.8c.4.3.6.8.6 1.3V15h6v-.1c0-.5.2-1 .6-1.3A6 6 0 0 0 12 3z" />
	</Icon>
)

export const DevicesIcon = (props: IconProps) => (
	<Icon {...props}>
		<rect x="2" y="5" width="14" height="10" rx="1.5" />
		<path d="M6 19h6M9 15v4" />
		<rect x="17" y="9" width="5" height="10" rx="1" />
	</Icon>
)

export const ShieldIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />
		<path d="M9 12l2 2 4-4" />
	</Icon>
)

export const CheckIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M5 12.5l4.5 4.5L19 7.5" />
	</Icon>
)

export const ArrowRightIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M5 12h14M13 6l6 6-6 6" />
	</Icon>
)

export const ChevronDownIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M6 9l6 6 6-6" />
	</Icon>
)
