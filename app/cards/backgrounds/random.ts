/** Small seeded PRNG (mulberry32) and helpers, so a seed always draws the same picture. */
export interface Random {
	/** Uniform in [0, 1). */
	next(): number
	range(min: number, max: number): number
	int(min: number, maxInclusive: number): number
	pick<T>(items: readonly T[]): T
	chance(probability: number): boolean
}

export function mulberry32(seed: number): () => number {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/** FNV-1a hash of a string, to mix a name (e.g. the background type) into a seed. */
export function hashString(text: string): number {
	let hash = 0x811c9dc5
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index)
		hash = Math.imul(hash, 0x01000193)
	}
	return hash >>> 0
}

export function createRandom(seed: number): Random {
	const next = mulberry32(seed)
	return {
		next,
		range: (min, max) => min + next() * (max - min),
		int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
		pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
		chance: (probability) => next() < probability,
	}
}
