import { describe, expect, test } from 'vitest'
import { BACKGROUND_TYPE_KEYS } from './backgrounds/types'
import { FONT_IDS } from './fonts'
import { SIZE_KEYS } from './sizes'
import {
	CARD_STATE_MESSAGES,
	createCardState,
	parseCardState,
	serializeCardState,
	type CardState,
} from './state'

const full: CardState = {
	text: '¿Qué harías si no tuvieras miedo? ñandú & "comillas" #éxito',
	index: 7,
	size: 'pinterest',
	font: 'playfair-display',
	fontSize: 96,
	color: '#ff8800',
	overlay: 0.6,
	background: 'geometric',
	seed: 123456,
	upload: 'AbCdEfGhIjKlMnOpQrStUv',
}

function parse(query: string) {
	return parseCardState(new URLSearchParams(query))
}

function errorFor(query: string) {
	const result = parse(query)
	if (result.ok) throw new Error(`expected ${query} to be refused`)
	return result.errors
}

describe('card state in the URL', () => {
	test('round-trips a full state through URL parameters', () => {
		const params = serializeCardState(full)
		const result = parseCardState(new URLSearchParams(params.toString()))
		expect(result).toEqual({ ok: true, state: full })
	})

	test('round-trips every size, font, background type and step value', () => {
		for (const size of SIZE_KEYS) {
			for (const [position, font] of FONT_IDS.entries()) {
				const state = {
					...full,
					size,
					font,
					background: BACKGROUND_TYPE_KEYS[position % BACKGROUND_TYPE_KEYS.length] ?? 'abstract',
					fontSize: 30 + 2 * ((position * 7) % 61),
					overlay: (position % 9) / 10,
					upload: undefined,
				}
				const result = parseCardState(serializeCardState(state))
				expect(result).toEqual({ ok: true, state: { ...state, upload: undefined } })
			}
		}
	})

	test('leaves defaults out and uses short names', () => {
		const state = createCardState({ text: 'Hola mundo', seed: 0 })
		expect(serializeCardState(state).toString()).toBe('t=Hola+mundo')
		expect(serializeCardState(full).toString()).toBe(
			't=%C2%BFQu%C3%A9+har%C3%ADas+si+no+tuvieras+miedo%3F+%C3%B1and%C3%BA+%26+%22comillas%22+%23%C3%A9xito' +
				'&i=7&s=pinterest&f=playfair-display&fs=96&c=ff8800&o=0.6&b=geometric&sd=123456&u=AbCdEfGhIjKlMnOpQrStUv',
		)
	})

	test('missing parameters take the design defaults', () => {
		const result = parse('t=Hola')
		expect(result).toEqual({
			ok: true,
			state: {
				text: 'Hola',
				index: 1,
				size: 'instagram_square',
				font: 'arimo',
				fontSize: 72,
				color: '#ffffff',
				overlay: 0.3,
				background: 'abstract',
				seed: 0,
			},
		})
	})

	test('normalises colours, decimal commas and whitespace', () => {
		const result = parse('t=%20%20Hola%20%20%20mundo%20&c=%23FFF&o=0,5')
		expect(result.ok && result.state).toMatchObject({
			text: 'Hola mundo',
			color: '#ffffff',
			overlay: 0.5,
		})
		expect(parse('t=x&c=AbCdEf').ok && parse('t=x&c=AbCdEf')).toMatchObject({
			state: { color: '#abcdef' },
		})
	})

	test('keeps line breaks and ignores unknown parameters', () => {
		const result = parse('t=Uno%0D%0ADos&download=1')
		expect(result.ok && result.state.text).toBe('Uno\nDos')
	})

	test('the phrase is required and at most 500 characters', () => {
		expect(errorFor('')).toEqual([CARD_STATE_MESSAGES.textRequired])
		expect(errorFor('t=%20%20')).toEqual([CARD_STATE_MESSAGES.textRequired])
		expect(parse(`t=${'ñ'.repeat(500)}`).ok).toBe(true)
		// Characters, not UTF-16 units: 500 emoji are fine, 501 letters are not.
		expect(parse(`t=${encodeURIComponent('😀'.repeat(500))}`).ok).toBe(true)
		expect(errorFor(`t=${'a'.repeat(501)}`)).toEqual([CARD_STATE_MESSAGES.textTooLong])
	})

	test('font size: 30–150, even numbers only', () => {
		expect(parse('t=x&fs=30').ok).toBe(true)
		expect(parse('t=x&fs=150').ok).toBe(true)
		for (const bad of ['28', '152', '73', 'abc', '', '7e1', '-30', '72.0']) {
			expect(errorFor(`t=x&fs=${bad}`)).toEqual([CARD_STATE_MESSAGES.fontSize])
		}
	})

	test('overlay: 0–0.8 in steps of 0.1', () => {
		expect(parse('t=x&o=0').ok).toBe(true)
		expect(parse('t=x&o=0.8').ok).toBe(true)
		for (const bad of ['0.9', '1', '-0.1', '0.35', 'x', '']) {
			expect(errorFor(`t=x&o=${bad}`)).toEqual([CARD_STATE_MESSAGES.overlay])
		}
	})

	test('refuses unknown sizes, fonts, types, bad colours, seeds, indexes and upload ids', () => {
		expect(errorFor('t=x&s=tiktok')).toEqual([CARD_STATE_MESSAGES.size])
		expect(errorFor('t=x&f=comic-sans')).toEqual([CARD_STATE_MESSAGES.font])
		expect(errorFor('t=x&b=space')).toEqual([CARD_STATE_MESSAGES.background])
		expect(errorFor('t=x&c=red')).toEqual([CARD_STATE_MESSAGES.color])
		expect(errorFor('t=x&c=%2312345')).toEqual([CARD_STATE_MESSAGES.color])
		expect(errorFor('t=x&sd=-1')).toEqual([CARD_STATE_MESSAGES.seed])
		expect(errorFor('t=x&sd=2147483648')).toEqual([CARD_STATE_MESSAGES.seed])
		expect(errorFor('t=x&i=0')).toEqual([CARD_STATE_MESSAGES.index])
		expect(errorFor('t=x&i=1001')).toEqual([CARD_STATE_MESSAGES.index])
		expect(errorFor('t=x&u=..%2F..%2Fetc')).toEqual([CARD_STATE_MESSAGES.upload])
	})

	test('reports every bad parameter at once, by field', () => {
		const result = parse('fs=1&o=2&s=nope')
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result.fieldErrors).toEqual({
			text: CARD_STATE_MESSAGES.textRequired,
			fontSize: CARD_STATE_MESSAGES.fontSize,
			overlay: CARD_STATE_MESSAGES.overlay,
			size: CARD_STATE_MESSAGES.size,
		})
		expect(result.errors).toHaveLength(4)
	})

	test('a new card: the design it is given over the defaults, the phrase cut to 500 characters, a random seed', () => {
		const plain = createCardState({ text: 'Hola' })
		expect(plain).toMatchObject({
			font: 'arimo',
			overlay: 0.3,
			fontSize: 72,
			size: 'instagram_square',
			color: '#ffffff',
			background: 'abstract',
			index: 1,
		})
		const designed = createCardState({ text: 'Hola', design: { font: 'lobster', overlay: 0.6 } })
		expect(designed).toMatchObject({ font: 'lobster', overlay: 0.6, fontSize: 72 })
		expect([...createCardState({ text: 'ñ'.repeat(600) }).text]).toHaveLength(500)
		const seeds = new Set(Array.from({ length: 20 }, () => createCardState({ text: 'Hola' }).seed))
		for (const seed of seeds) {
			expect(Number.isInteger(seed)).toBe(true)
			expect(seed).toBeGreaterThanOrEqual(0)
			expect(seed).toBeLessThan(1_000_000)
		}
		// Drawn at random: twenty new cards do not all share one background.
		expect(seeds.size).toBeGreaterThan(1)
	})
})

describe('the handle in the card state', () => {
	test('travels as h (and hc when not the default corner), and round-trips', () => {
		const marked: CardState = { ...full, handle: '@Ñandú.estudio', corner: 'top-left' }
		const params = serializeCardState(marked)
		expect(params.get('h')).toBe('@Ñandú.estudio')
		expect(params.get('hc')).toBe('top-left')
		expect(parseCardState(params)).toEqual({ ok: true, state: marked })
		const bottomRight = serializeCardState({ ...full, handle: '@yo', corner: 'bottom-right' })
		expect(bottomRight.has('hc')).toBe(false)
		expect(parseCardState(bottomRight)).toMatchObject({
			ok: true,
			state: { handle: '@yo', corner: 'bottom-right' },
		})
	})

	test('one spelling per card: no corner without a handle', () => {
		const result = parse('t=x&hc=top-left')
		expect(result.ok && result.state).not.toHaveProperty('corner')
		expect(serializeCardState({ ...full, corner: 'top-left' }).has('hc')).toBe(false)
	})

	test('the rules of the brand settings hold here too', () => {
		expect(parse(`t=x&h=${encodeURIComponent('  @mi   cuenta ')}`)).toMatchObject({
			ok: true,
			state: { handle: '@mi cuenta' },
		})
		for (const bad of ['', '<script>', 'a'.repeat(31), '@yo 😀', 'мой', 'a/b']) {
			expect(errorFor(`t=x&h=${encodeURIComponent(bad)}`)).toEqual([CARD_STATE_MESSAGES.handle])
		}
		expect(errorFor('t=x&h=yo&hc=centro')).toEqual([CARD_STATE_MESSAGES.corner])
	})
})
