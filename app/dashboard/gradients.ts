/** The colour bars of the dashboard's phrase cards: six gradients, in turn by position. */
const GRADIENTS = [
	'from-pink-500 to-purple-600',
	'from-sky-500 to-indigo-600',
	'from-emerald-500 to-teal-600',
	'from-amber-400 to-orange-600',
	'from-rose-500 to-red-600',
	'from-violet-500 to-fuchsia-600',
] as const

/** The gradient of the card numbered `index` (1-based, as shown). */
export function gradientFor(index: number) {
	return GRADIENTS[(index - 1) % GRADIENTS.length] ?? GRADIENTS[0]
}
