/**
 * The varieties of Spanish the generator writes in, and the register (how the reader is
 * addressed). Offered only when the language is Spanish. Safe for the browser: ids, labels
 * and the pronoun each choice uses; what the model is told lives in spanish-instruction.ts.
 */

export const SPANISH_VARIANTS = ['latam', 'es', 'mx', 'ar', 'co', 'cl', 'us'] as const
export type SpanishVariant = (typeof SPANISH_VARIANTS)[number]
export const DEFAULT_VARIANT: SpanishVariant = 'latam'

export const REGISTERS = ['cercano', 'formal'] as const
export type Register = (typeof REGISTERS)[number]
export const DEFAULT_REGISTER: Register = 'cercano'

/** The variant select's options, in its order (the default first). */
export const VARIANT_LABELS: Record<SpanishVariant, string> = {
	latam: 'Latinoamérica (neutro)',
	es: 'España',
	mx: 'México',
	ar: 'Argentina (voseo)',
	co: 'Colombia',
	cl: 'Chile',
	us: 'Estados Unidos (español de EE. UU.)',
}

export const REGISTER_LABELS: Record<Register, string> = {
	cercano: 'Cercano (tú / vos en Argentina)',
	formal: 'Formal (usted)',
}

/** How the reader is addressed: the pronoun a variant uses in a register. */
export type Address = 'tú' | 'vos' | 'usted'

/** In Argentina people are addressed as vos (voseo); everywhere else the close form is tú. */
const CLOSE_ADDRESS: Record<SpanishVariant, Address> = {
	latam: 'tú',
	es: 'tú',
	mx: 'tú',
	ar: 'vos',
	co: 'tú',
	cl: 'tú',
	us: 'tú',
}

export function addressOf(variant: SpanishVariant, register: Register): Address {
	return register === 'formal' ? 'usted' : CLOSE_ADDRESS[variant]
}

export function isSpanishVariant(value: unknown): value is SpanishVariant {
	return (SPANISH_VARIANTS as readonly unknown[]).includes(value)
}

export function isRegister(value: unknown): value is Register {
	return (REGISTERS as readonly unknown[]).includes(value)
}

/** What a Spanish generation is written in. */
export interface SpanishStyle {
	variant: SpanishVariant
	register: Register
}

/** The names of the two choices in page addresses (`/?lote=…&variante=ar&registro=cercano`). */
export const STYLE_PARAMS = { variant: 'variante', register: 'registro' } as const

/** A style from an address's parameters; each one missing or unknown is left out. */
export function styleFromSearch(search: URLSearchParams): Partial<SpanishStyle> {
	const variant = search.get(STYLE_PARAMS.variant)
	const register = search.get(STYLE_PARAMS.register)
	return {
		...(isSpanishVariant(variant) ? { variant } : {}),
		...(isRegister(register) ? { register } : {}),
	}
}

/**
 * `&variante=ar&registro=formal`, for a batch's address: like a card's design, only what
 * differs from the defaults (neutral Latin American, close) is written.
 */
export function styleSearch(style: SpanishStyle): string {
	return [
		style.variant === DEFAULT_VARIANT ? '' : `&${STYLE_PARAMS.variant}=${style.variant}`,
		style.register === DEFAULT_REGISTER ? '' : `&${STYLE_PARAMS.register}=${style.register}`,
	].join('')
}
