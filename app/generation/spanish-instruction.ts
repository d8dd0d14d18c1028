/**
 * What the model is told about the variety of Spanish and the register: the country, its
 * everyday vocabulary (and the other countries' words to avoid), its spelling conventions,
 * and the pronoun with its verb forms. Used by every provider's instruction, the admin's
 * template (when our instruction goes with it) and the image mode alike.
 */
import { addressOf, type Address, type SpanishStyle, type SpanishVariant } from './spanish'

interface VariantInstruction {
	/** 'el español de Argentina (rioplatense)' */
	name: string
	/** Who reads the phrases. */
	audience: string
	/** Everyday words of the country, as examples for the model. */
	vocabulary: string[]
	/** Words of other countries that would give the text away as foreign. */
	avoid: string[]
	/** Spelling, punctuation and how prices are written. */
	conventions: string
	/** Said after the close register's line (Chile: no verbal voseo in writing). */
	closeNote?: string
	/** How several readers are addressed in the close register. */
	closePlural: 'vosotros' | 'ustedes'
}

const LATIN_AMERICAN_PLURAL = 'ustedes'

const VARIANTS: Record<SpanishVariant, VariantInstruction> = {
	latam: {
		name: 'español latinoamericano neutro',
		audience: 'un público de toda Latinoamérica, sin que se note de qué país es quien escribe',
		vocabulary: ['celular', 'computadora', 'auto', 'jugo', 'genial', 'fin de semana'],
		avoid: [
			'móvil',
			'ordenador',
			'coche',
			'zumo',
			'vale',
			'guay',
			'chido',
			'copado',
			'chévere',
			'bacán',
		],
		conventions:
			'Evita los modismos de un solo país; usa la ortografía y la puntuación comunes a todo el mundo hispano, con los signos de apertura ¿ y ¡.',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
	es: {
		name: 'español de España (castellano peninsular)',
		audience: 'un público de España',
		vocabulary: ['móvil', 'ordenador', 'coche', 'zumo', 'vale', 'guay', 'quedar', 'el finde'],
		avoid: ['celular', 'computadora', 'carro', 'jugo', 'ahorita', 'platicar', 'chido', 'chévere'],
		conventions:
			'Sigue la ortografía y la puntuación de la RAE, con los signos de apertura ¿ y ¡; si mencionas precios, en euros y con el símbolo detrás (20 €).',
		closePlural: 'vosotros',
	},
	mx: {
		name: 'español de México',
		audience: 'un público de México',
		vocabulary: [
			'celular',
			'computadora',
			'carro',
			'jugo',
			'padrísimo',
			'chido',
			'ahorita',
			'platicar',
			'chamba',
		],
		avoid: ['móvil', 'ordenador', 'coche', 'zumo', 'vale', 'guay', 'copado', 'bacán'],
		conventions:
			'Escribe «México» y «mexicano» con x; si mencionas precios, en pesos con el signo delante ($250).',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
	ar: {
		name: 'español de Argentina (rioplatense)',
		audience: 'un público de Argentina',
		vocabulary: [
			'celular',
			'computadora',
			'auto',
			'jugo',
			'copado',
			'laburo',
			'finde',
			'che',
			'dale',
		],
		avoid: ['móvil', 'ordenador', 'coche', 'carro', 'zumo', 'vale', 'guay', 'chido', 'chévere'],
		conventions: 'Si mencionas precios, en pesos con el signo delante ($2500).',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
	co: {
		name: 'español de Colombia',
		audience: 'un público de Colombia',
		vocabulary: [
			'celular',
			'computador',
			'carro',
			'jugo',
			'chévere',
			'bacano',
			'parce',
			'un tinto (café solo)',
			'listo',
		],
		avoid: ['móvil', 'ordenador', 'coche', 'zumo', 'vale', 'guay', 'chido', 'copado'],
		conventions: 'Si mencionas precios, en pesos con el signo delante y punto de miles ($25.000).',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
	cl: {
		name: 'español de Chile',
		audience: 'un público de Chile',
		vocabulary: [
			'celular',
			'computador',
			'auto',
			'jugo',
			'bacán',
			'la pega (el trabajo)',
			'la once',
			'al tiro',
		],
		avoid: ['móvil', 'ordenador', 'coche', 'carro', 'zumo', 'vale', 'guay', 'chido', 'copado'],
		conventions: 'Si mencionas precios, en pesos con el signo delante y punto de miles ($9.990).',
		closeNote:
			'Por escrito usa el tuteo estándar, sin las formas verbales del voseo chileno («podís», «querís»).',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
	us: {
		name: 'español de Estados Unidos',
		audience:
			'hispanohablantes que viven en EE. UU., de orígenes diversos (mexicano, caribeño, centroamericano, sudamericano)',
		vocabulary: [
			'celular',
			'carro',
			'computadora',
			'mensaje de texto',
			'la aplicación',
			'aplicar a un trabajo',
		],
		avoid: ['móvil', 'ordenador', 'coche', 'zumo', 'vale', 'guay', 'modismos de un solo país'],
		conventions:
			'Escribe un español claro, sin mezclar frases en inglés (nada de spanglish) salvo nombres de marcas o eventos; si mencionas precios, en dólares ($20).',
		closePlural: LATIN_AMERICAN_PLURAL,
	},
}

const ADDRESS_LINES: Record<Address, string> = {
	tú: 'Trata al lector de tú (tuteo), con sus formas verbales: «tú tienes», «puedes», «eres», «anímate», «descubre», «mira».',
	vos: 'Trata al lector de vos (voseo rioplatense), con las formas verbales del voseo: «vos tenés», «podés», «sos», «querés», y los imperativos «animate», «mirá», «vení», «descubrí». Nunca uses «tú» ni sus formas («tienes», «puedes», «anímate»).',
	usted:
		'Trata al lector de usted, con sus formas verbales: «usted tiene», «puede», «es», «anímese», «descubra», «mire». No mezcles el usted con el tú ni con el vos.',
}

const PLURAL_LINES = {
	vosotros: 'Para dirigirte a varias personas usa vosotros («os esperamos», «venid», «disfrutad»).',
	ustedes:
		'Para dirigirte a varias personas usa ustedes («los esperamos», «vengan», «disfruten»), nunca vosotros.',
} as const

/** The lines that tell the model which Spanish to write and how to address the reader. */
export function spanishLines(style: SpanishStyle): string[] {
	const variant = VARIANTS[style.variant]
	const address = addressOf(style.variant, style.register)
	const plural = address === 'usted' ? 'ustedes' : variant.closePlural
	return [
		`Escribe en ${variant.name}, para ${variant.audience}.`,
		`Usa el vocabulario habitual allí (por ejemplo: ${variant.vocabulary.join(', ')}) y evita palabras de otros países como ${variant.avoid.join(', ')}.`,
		variant.conventions,
		ADDRESS_LINES[address],
		...(address !== 'usted' && variant.closeNote ? [variant.closeNote] : []),
		PLURAL_LINES[plural],
	]
}

/** 'español de Argentina (rioplatense)', for the firmer reminder after a foreign answer. */
export function variantName(variant: SpanishVariant): string {
	return VARIANTS[variant].name
}
