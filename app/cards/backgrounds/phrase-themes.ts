/**
 * What a phrase is about, for the remote background's prompt: a few themes, each with the
 * picture style it asks for and the words (Spanish and English) that point to it. A phrase
 * about nothing in particular gets its background type's style instead.
 */

interface Theme {
	id: 'love' | 'motivation' | 'nature' | 'technology' | 'food' | 'travel' | 'fitness'
	style: string
	/** Whole words, or prefixes when they end with '*'. Accents are ignored. */
	keywords: string[]
}

const PHRASE_THEMES: Theme[] = [
	{
		id: 'love',
		style: 'romantic atmosphere, soft pink and warm red tones, bokeh lights, dreamy',
		keywords: [
			'amor*',
			'amo',
			'amar',
			'enamor*',
			'corazon*',
			'romanti*',
			'pareja',
			'beso*',
			'querer',
			'quiero',
			'carino*',
			'love*',
			'lover*',
			'heart*',
			'kiss*',
			'romance',
		],
	},
	{
		id: 'motivation',
		style: 'inspiring sunrise over mountain peaks, dramatic sky, golden light, epic',
		keywords: [
			'motiva*',
			'exito*',
			'meta',
			'metas',
			'sueno*',
			'suenos',
			'logr*',
			'lucha*',
			'esfuerz*',
			'supera*',
			'inspira*',
			'persever*',
			'triunf*',
			'motivation*',
			'success*',
			'goal*',
			'dream*',
			'achiev*',
			'hustle',
			'inspir*',
		],
	},
	{
		id: 'nature',
		style: 'lush nature scene, forest, mountains and calm water, natural light, serene',
		keywords: [
			'naturaleza',
			'bosque*',
			'montana*',
			'flor',
			'flores',
			'arbol*',
			'mar',
			'oceano*',
			'rio',
			'rios',
			'cielo',
			'lluvia',
			'primavera',
			'otono',
			'nature',
			'forest*',
			'mountain*',
			'flower*',
			'tree*',
			'ocean*',
			'river*',
			'garden*',
			'jardin*',
		],
	},
	{
		id: 'technology',
		style: 'futuristic technology, abstract digital network, glowing blue circuits, modern',
		keywords: [
			'tecnolog*',
			'digital*',
			'innova*',
			'futur*',
			'robot*',
			'inteligencia artificial',
			'ia',
			'ai',
			'codigo*',
			'programa*',
			'internet',
			'software',
			'app',
			'apps',
			'technolog*',
			'tech',
			'code',
			'coding',
			'startup*',
		],
	},
	{
		id: 'food',
		style:
			'delicious food photography, warm tones, rustic wooden table, appetizing, shallow depth of field',
		keywords: [
			'comida*',
			'cocina*',
			'receta*',
			'cafe',
			'cafes',
			'delicios*',
			'sabor*',
			'postre*',
			'chocolate*',
			'pizza*',
			'restaurante*',
			'food*',
			'cook*',
			'recipe*',
			'coffee',
			'delicious',
			'dessert*',
			'foodie',
		],
	},
	{
		id: 'travel',
		style: 'breathtaking travel destination, scenic landscape, wanderlust, golden hour',
		keywords: [
			'viaj*',
			'aventura*',
			'destino*',
			'vacacion*',
			'playa*',
			'explora*',
			'mundo',
			'maleta*',
			'travel*',
			'trip*',
			'adventure*',
			'vacation*',
			'beach*',
			'wanderlust',
			'journey*',
		],
	},
	{
		id: 'fitness',
		style: 'energetic fitness atmosphere, modern gym, dynamic light, strength and energy',
		keywords: [
			'fitness',
			'gym',
			'gimnasio*',
			'entren*',
			'ejercicio*',
			'deporte*',
			'salud*',
			'musculo*',
			'correr',
			'pesas',
			'workout*',
			'training',
			'exercise*',
			'sport*',
			'health*',
			'muscle*',
			'running',
		],
	},
]

function normalizeWords(text: string) {
	return ` ${text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim()} `
}

function countMatches(words: string, keywords: string[]) {
	let count = 0
	for (const keyword of keywords) {
		if (keyword.endsWith('*')) {
			const prefix = ` ${keyword.slice(0, -1)}`
			let at = words.indexOf(prefix)
			while (at !== -1) {
				count++
				at = words.indexOf(prefix, at + prefix.length)
			}
		} else if (words.includes(` ${keyword} `)) {
			count++
		}
	}
	return count
}

/** The theme whose keywords occur most often in the phrase (ties: the order of the list). */
function bestTheme(text: string): Theme | null {
	const words = normalizeWords(text)
	let best: Theme | null = null
	let bestCount = 0
	for (const theme of PHRASE_THEMES) {
		const count = countMatches(words, theme.keywords)
		if (count > bestCount) {
			best = theme
			bestCount = count
		}
	}
	return best
}

export function detectTheme(text: string): Theme['id'] | null {
	return bestTheme(text)?.id ?? null
}

/** The picture style of the phrase's theme; null when it has none. */
export function phraseThemeStyle(text: string): string | null {
	return bestTheme(text)?.style ?? null
}
