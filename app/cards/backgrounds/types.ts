/** The eight background types, with their Spanish labels. */
export const BACKGROUND_TYPES = {
	abstract: {
		label: 'Abstracto',
		style: 'abstract art, soft flowing shapes, vibrant harmonious colors, smooth gradients',
	},
	nature: {
		label: 'Naturaleza',
		style: 'beautiful nature landscape, mountains, soft natural light, serene atmosphere',
	},
	architecture: {
		label: 'Arquitectura',
		style: 'modern architecture, elegant buildings, city skyline at dusk, clean lines',
	},
	texture: {
		label: 'Texturas',
		style: 'elegant textured background, paper, fabric or stone texture, subtle details',
	},
	geometric: {
		label: 'Geométrico',
		style: 'geometric pattern, polygons and triangles, modern design, balanced colors',
	},
	gradient: {
		label: 'Degradados',
		style: 'smooth color gradient background, soft blended colors, modern aesthetic',
	},
	minimal: {
		label: 'Minimalista',
		style: 'minimalist background, simple shapes, lots of negative space, muted colors',
	},
	artistic: {
		label: 'Artístico',
		style: 'artistic painting, expressive brush strokes, oil painting texture, rich colors',
	},
} as const

export type BackgroundType = keyof typeof BACKGROUND_TYPES

export const BACKGROUND_TYPE_KEYS = Object.keys(BACKGROUND_TYPES) as BackgroundType[]

export const DEFAULT_BACKGROUND_TYPE: BackgroundType = 'abstract'

export function isBackgroundType(value: unknown): value is BackgroundType {
	return typeof value === 'string' && Object.hasOwn(BACKGROUND_TYPES, value)
}
