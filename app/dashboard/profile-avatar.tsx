import { cx } from '~/utils/misc'

/** Up to two initials of a name ("Ana María López" → "AL"), for a picture-less avatar. */
export function initialsOf(name: string) {
	const words = name.trim().split(/\s+/).filter(Boolean)
	const first = words[0]?.[0] ?? ''
	const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
	return (first + last).toUpperCase() || '?'
}

/**
 * The user's picture, or their initials on a coloured disc when they have none. Decorative
 * (`alt=""`): the name is always written next to it.
 */
export function ProfileAvatar({
	name,
	src,
	size,
	className,
}: {
	name: string
	src: string | null | undefined
	/** Width and height in CSS pixels. */
	size: number
	className?: string
}) {
	const box = cx('inline-block shrink-0 rounded-full', className)
	if (src) {
		return (
			<img
				src={src}
				alt=""
				width={size}
				height={size}
				data-testid="avatar-image"
				className={cx(box, 'object-cover')}
			/>
		)
	}
	return (
		<span
			aria-hidden="true"
			data-testid="avatar-initials"
			style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
			className={cx(
				box,
				'grid place-items-center bg-brand-100 font-semibold text-brand-800 dark:bg-brand-500/25 dark:text-brand-100',
			)}
		>
			{initialsOf(name)}
		</span>
	)
}
