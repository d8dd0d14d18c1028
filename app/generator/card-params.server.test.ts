import { describe, expect, test } from 'vitest'
import { getFont } from '~/cards/fonts'
import { parseCardState } from '~/cards/state'
import { cardImageUrl, RENDER_VERSION } from '~/cards/urls.server'
import { checkCardUrl } from '~/cards/url-signature.server'
import {
	cardDefaults,
	cardPageParams,
	cleanPageSearch,
	pageUrlWithCard,
	readPageCard,
	withHandle,
	type CardBrand,
} from './card-params.server'
import { generatorPageOf } from './pages'

// Image URLs are signed with the session secret; a fixed one keeps this test off DATA_DIR.
const SECRET = 'secreto-de-pruebas-de-tarjetas-1234'
process.env.SESSION_SECRET = SECRET

const homeDefaults = cardDefaults({
	page: 'home',
	platform: 'facebook_post',
	batchId: 'lote-1',
	position: 0,
})

describe('card defaults', () => {
	test('use the batch platform, the default design and a stable seed per phrase', () => {
		expect(homeDefaults).toMatchObject({
			size: 'facebook_post',
			font: 'arimo',
			fontSize: 72,
			color: '#ffffff',
			overlay: 0.3,
			background: 'abstract',
		})
		const again = cardDefaults({
			page: 'home',
			platform: 'facebook_post',
			batchId: 'lote-1',
			position: 0,
		})
		expect(again.seed).toBe(homeDefaults.seed)
		const other = cardDefaults({
			page: 'home',
			platform: 'facebook_post',
			batchId: 'lote-1',
			position: 1,
		})
		expect(other.seed).not.toBe(homeDefaults.seed)
	})

	test('Instagram cards use Roboto and a 0.4 overlay', () => {
		const instagram = cardDefaults({
			page: 'instagram',
			platform: 'instagram_square',
			batchId: 'x',
			position: 0,
		})
		expect(instagram).toMatchObject({ font: 'roboto', overlay: 0.4 })
		expect(getFont(instagram.font).family).toBe('Roboto')
	})
})

describe('reading a card from the page URL', () => {
	test('defaults when the URL says nothing about the card', () => {
		const { state, errors } = readPageCard(new URLSearchParams('lote=x&c2.s=whatsapp'), {
			cardNumber: 1,
			text: '  Hola\r\nmundo  ',
			defaults: homeDefaults,
		})
		expect(errors).toEqual([])
		expect(state).toEqual({ ...homeDefaults, text: 'Hola\nmundo', index: 1 })
	})

	test('its own prefixed parameters override the defaults', () => {
		const { state } = readPageCard(
			new URLSearchParams(
				'c1.s=pinterest&c1.f=lobster&c1.fs=90&c1.c=ff0000&c1.o=0.6&c1.b=nature&c1.sd=42',
			),
			{ cardNumber: 1, text: 'Hola', defaults: homeDefaults },
		)
		expect(state).toMatchObject({
			size: 'pinterest',
			font: 'lobster',
			fontSize: 90,
			color: '#ff0000',
			overlay: 0.6,
			background: 'nature',
			seed: 42,
		})
	})

	test('a bad value falls back to the default and is reported in Spanish', () => {
		const { state, errors } = readPageCard(
			new URLSearchParams('c1.fs=31&c1.s=tiktok&c1.f=roboto'),
			{
				cardNumber: 1,
				text: 'Hola',
				defaults: homeDefaults,
			},
		)
		expect(state.fontSize).toBe(72)
		expect(state.size).toBe('facebook_post')
		expect(state.font).toBe('roboto')
		expect(errors).toEqual([
			'El tamaño de plataforma no es válido.',
			'El tamaño de fuente debe ser un número par entre 30 y 150.',
		])
	})

	test('an overlong phrase is cut to the card maximum, not refused', () => {
		const { state } = readPageCard(new URLSearchParams(), {
			cardNumber: 1,
			text: 'a'.repeat(700),
			defaults: homeDefaults,
		})
		expect(state.text).toHaveLength(500)
	})
})

describe('writing a card into the page URL', () => {
	test('only what differs from the card defaults, other cards and the batch kept', () => {
		const state = {
			...homeDefaults,
			text: 'Hola',
			index: 1,
			font: 'lobster',
			size: 'facebook_post' as const,
		}
		expect(cardPageParams(1, state, homeDefaults)).toEqual([['c1.f', 'lobster']])
		const url = pageUrlWithCard(
			'home',
			new URLSearchParams('lote=abc&c1.fs=90&c2.s=whatsapp&diseno=1&subir=2&_tarjeta=subir&n=1'),
			{ cardNumber: 1, state, defaults: homeDefaults },
		)
		expect(url).toBe('/?lote=abc&c2.s=whatsapp&c1.f=lobster#frase-0')
	})

	test('round trip: what is written reads back the same', () => {
		const state = {
			...homeDefaults,
			text: 'Hola',
			index: 3,
			size: 'web_banner' as const,
			color: '#123abc',
			overlay: 0.8,
			fontSize: 150,
			seed: 7,
			upload: 'AAAAAAAAAAAAAAAAAAAAAA',
		}
		const url = pageUrlWithCard('facebook', new URLSearchParams('lote=abc'), {
			cardNumber: 3,
			state,
			defaults: homeDefaults,
			open: 'editor',
		})
		expect(url.startsWith('/facebook?lote=abc&')).toBe(true)
		expect(url).toContain('diseno=3')
		const search = new URL(url, 'http://x').searchParams
		expect(
			readPageCard(search, { cardNumber: 3, text: 'Hola', defaults: homeDefaults }).state,
		).toEqual(state)
	})

	test('cleanPageSearch drops panels and pending actions, and chosen cards', () => {
		const search = new URLSearchParams('index&lote=a&editar=1&c1.s=whatsapp&c10.f=lobster')
		expect(cleanPageSearch(search).toString()).toBe('lote=a&c1.s=whatsapp&c10.f=lobster')
		expect(cleanPageSearch(search, (number) => number !== 10).toString()).toBe(
			'lote=a&c1.s=whatsapp',
		)
	})

	test('only the three generator pages are pages to come back to', () => {
		expect(generatorPageOf('/')).toBe('home')
		expect(generatorPageOf('/instagram')).toBe('instagram')
		expect(generatorPageOf('//evil.example')).toBeNull()
		expect(generatorPageOf('/admin')).toBeNull()
	})
})

test('image URLs carry the whole state and the render version, signed', () => {
	const state = { ...homeDefaults, text: 'Hola ñandú', index: 2 }
	const url = new URL(cardImageUrl(state, { width: 540, download: true }), 'http://x')
	expect(url.pathname).toBe('/tarjetas/imagen.jpg')
	expect(checkCardUrl(url, [SECRET])).toBe('valid')
	expect(url.searchParams.get('v')).toBe(RENDER_VERSION)
	expect(url.searchParams.get('ancho')).toBe('540')
	expect(url.searchParams.get('descargar')).toBe('1')
	const parsed = parseCardState(url.searchParams)
	expect(parsed.ok && parsed.state).toEqual(state)
})

test('the handle is in the signed image URL: changing it, or adding one, breaks the signature', () => {
	const state = {
		...homeDefaults,
		text: 'Hola',
		index: 1,
		handle: '@mi_cuenta',
		corner: 'top-left' as const,
	}
	const url = new URL(cardImageUrl(state), 'http://x')
	expect(url.searchParams.get('h')).toBe('@mi_cuenta')
	expect(url.searchParams.get('hc')).toBe('top-left')
	expect(checkCardUrl(url, [SECRET])).toBe('valid')
	const parsed = parseCardState(url.searchParams)
	expect(parsed.ok && parsed.state).toEqual(state)

	const changed = new URL(url)
	changed.searchParams.set('h', '@otra_cuenta')
	expect(checkCardUrl(changed, [SECRET])).toBe('invalid')
	const moved = new URL(url)
	moved.searchParams.set('hc', 'bottom-left')
	expect(checkCardUrl(moved, [SECRET])).toBe('invalid')
	const plain = new URL(cardImageUrl({ ...homeDefaults, text: 'Hola', index: 1 }), 'http://x')
	expect(plain.searchParams.has('h')).toBe(false)
	plain.searchParams.append('h', '@intruso')
	expect(checkCardUrl(plain, [SECRET])).toBe('invalid')
})

describe("the owner's brand on their cards", () => {
	const brand: CardBrand = {
		handle: '@mi_cuenta',
		corner: 'top-left',
		design: { font: 'lobster', color: '#ffcc00', overlay: 0.6 },
	}
	const defaults = (page: 'home' | 'instagram', withBrand: CardBrand | null = brand) =>
		cardDefaults({
			page,
			platform: 'instagram_square',
			batchId: 'b',
			position: 0,
			brand: withBrand,
		})

	test("the saved design replaces every page's own; the rest of the card is unchanged", () => {
		for (const page of ['home', 'instagram'] as const) {
			expect(defaults(page)).toMatchObject({
				font: 'lobster',
				color: '#ffcc00',
				overlay: 0.6,
				fontSize: 72,
				size: 'instagram_square',
				handle: '@mi_cuenta',
				corner: 'top-left',
			})
		}
		// Without a design of their own only the handle comes from the brand.
		const handleOnly: CardBrand = { handle: '@mi_cuenta', corner: 'bottom-right', design: null }
		expect(defaults('instagram', handleOnly)).toMatchObject({ font: 'roboto', overlay: 0.4 })
		// No brand (anonymous batches): the page's cards exactly as before.
		const none = defaults('instagram', null)
		expect(none).toEqual(
			cardDefaults({ page: 'instagram', platform: 'instagram_square', batchId: 'b', position: 0 }),
		)
		expect(none).not.toHaveProperty('handle')
	})

	test('every card carries the handle unless its switch in the page URL turns it off', () => {
		const on = readPageCard(new URLSearchParams('lote=b'), {
			cardNumber: 1,
			text: 'Hola',
			defaults: defaults('home'),
		})
		expect(on.state).toMatchObject({ handle: '@mi_cuenta', corner: 'top-left', font: 'lobster' })
		// Nothing to write in the page URL for a card as its defaults say.
		expect(cardPageParams(1, on.state, defaults('home'))).toEqual([])

		const off = readPageCard(new URLSearchParams('lote=b&c1.firma=no'), {
			cardNumber: 1,
			text: 'Hola',
			defaults: defaults('home'),
		})
		expect(off.state).not.toHaveProperty('handle')
		expect(off.state).not.toHaveProperty('corner')
		expect(cardPageParams(1, off.state, defaults('home'))).toEqual([['c1.firma', 'no']])
		expect(withHandle(off.state, defaults('home'), true)).toEqual(on.state)
	})

	test('a page URL cannot put a handle on a card, nor change it', () => {
		const search = new URLSearchParams('lote=b&c1.h=%40intruso&c1.hc=bottom-left&c1.firma=si')
		const anonymous = readPageCard(search, {
			cardNumber: 1,
			text: 'Hola',
			defaults: defaults('home', null),
		})
		expect(anonymous.state).not.toHaveProperty('handle')
		const owner = readPageCard(search, { cardNumber: 1, text: 'Hola', defaults: defaults('home') })
		expect(owner.state).toMatchObject({ handle: '@mi_cuenta', corner: 'top-left' })
	})
})
