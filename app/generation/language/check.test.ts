import { describe, expect, test } from 'vitest'
import { checkBatchLanguage, checkPhraseLanguage, languageText, topicWordsToIgnore } from './check'

describe('what the check reads', () => {
	test('links, handles, hashtags, emoji and digits are left out', () => {
		expect(
			languageText(
				'Compra ya en https://tienda.example.com/oferta o www.tienda.es 🛍️ @tienda_luna #SummerSale 2x1',
			),
		).toBe('Compra ya en o')
		expect(languageText('Visita casapepe.es para reservar 👨‍👩‍👧 🇦🇷 👍🏽')).toBe('Visita para reservar')
	})

	test('names inside a sentence are left out; the first word of each sentence stays', () => {
		expect(languageText('Aprovecha el Black Friday en Apple Store con tu nuevo iPhone.')).toBe(
			'Aprovecha el en con tu nuevo',
		)
		expect(languageText('Vení a Palermo. Te esperamos, ¡Dale que va!')).toBe(
			'Vení a Te esperamos Dale que va',
		)
	})

	test('words in capitals throughout are emphasis, not names', () => {
		expect(languageText('Solo HOY: descuentos en TODA la tienda')).toBe(
			'Solo HOY descuentos en TODA la tienda',
		)
	})

	test('the words of the topic are left out', () => {
		expect(
			languageText('Corre por tus sneakers en nuestra summer sale', {
				ignore: ['summer sale de sneakers'],
			}),
		).toBe('Corre por tus en nuestra')
	})
})

describe('the topic', () => {
	test('a topic in another language, or too short to tell, is looked past', () => {
		expect(topicWordsToIgnore(['summer sale for my sneaker shop', ''], 'es')).toEqual([
			'summer sale for my sneaker shop',
		])
		expect(topicWordsToIgnore(['Black Friday'], 'es')).toEqual(['Black Friday'])
	})

	test('a topic in the language asked for is not', () => {
		expect(
			topicWordsToIgnore(['frases para motivar a mi equipo un lunes por la mañana'], 'es'),
		).toEqual([])
	})
})

describe('one phrase', () => {
	test.each([
		'Aprovecha el Black Friday en Apple Store y estrena tu nuevo iPhone 📱 #BlackFriday',
		'Netflix y palomitas: el plan perfecto para este domingo 🍿 @netflixes',
		'Tu outfit de Zara con unas Nike Air Max y el look está listo para el finde 👟',
		'Sigue a @cafeteria_luna y comparte tu latte favorito #CoffeeLover #GoodVibes',
		'Compra en https://shop.example.com/sale y recibe envío gratis con Amazon Prime',
		'¡Nuevo en Starbucks! El Pumpkin Spice Latte vuelve esta semana ☕🍂',
		'Descargá la app de Uber Eats y pedí tu Big Mac sin salir de casa 🍔',
		'Mira el nuevo video en YouTube y dale like 👍 #Tutorial #MakeupLover',
	])('Spanish with brands, hashtags and emoji is Spanish: %s', (phrase) => {
		expect(checkPhraseLanguage(phrase, 'es').verdict).toBe('match')
	})

	test.each([
		'Get ready for Black Friday at our store, deals you will love 🛍️ #BlackFriday',
		'Every small step brings you closer to the life you dream of ✨',
		'Your coffee is waiting for you, come and enjoy the weekend with us ☕',
		'Believe in yourself and never stop chasing your biggest goals 💪 #Motivation',
	])('English answers to a Spanish request are caught: %s', (phrase) => {
		expect(checkPhraseLanguage(phrase, 'es')).toEqual({ verdict: 'mismatch', detected: 'en' })
	})

	test('an English topic repeated in a Spanish phrase does not trip it', () => {
		const phrase = 'Tus sneakers favoritas vuelven en la summer sale de esta semana'
		expect(checkPhraseLanguage(phrase, 'es', { ignore: ['summer sale sneakers'] }).verdict).toBe(
			'match',
		)
	})

	test('the other languages are checked the same way', () => {
		expect(
			checkPhraseLanguage('Cada pequeno passo te aproxima dos teus sonhos', 'pt').verdict,
		).toBe('match')
		expect(checkPhraseLanguage('Chaque petit pas te rapproche de tes rêves', 'fr').verdict).toBe(
			'match',
		)
		expect(checkPhraseLanguage('Ogni piccolo passo ti avvicina ai tuoi sogni', 'it').verdict).toBe(
			'match',
		)
		expect(
			checkPhraseLanguage('Every small step brings you closer to your dreams', 'it').verdict,
		).toBe('mismatch')
	})

	test.each(['Feliz lunes', 'Good vibes 🌞', '#TBT @amigos 😂', '¡Vamos!', 'Nike Air Max'])(
		'a phrase too short to judge is undecided: %s',
		(phrase) => {
			expect(checkPhraseLanguage(phrase, 'es')).toEqual({ verdict: 'undecided', detected: null })
		},
	)
})

describe('a whole answer', () => {
	const spanish = [
		'Cada pequeño paso te acerca a tus sueños',
		'Hoy es un buen día para empezar de nuevo',
		'Tu sonrisa es el mejor accesorio que puedes llevar',
		'La constancia convierte lo difícil en posible',
	]
	const english = [
		'Every small step brings you closer to your dreams',
		'Today is a good day to start all over again',
		'Your smile is the best accessory you can wear',
		'Consistency turns the hard things into possible ones',
	]

	test('all in the language asked for: everything is kept', () => {
		expect(checkBatchLanguage(spanish, 'es')).toEqual({
			accepted: spanish,
			rejected: [],
			mostlyForeign: false,
		})
	})

	test('one stray phrase is dropped, the rest kept', () => {
		const answer = [spanish[0]!, english[1]!, spanish[2]!, spanish[3]!]
		expect(checkBatchLanguage(answer, 'es')).toEqual({
			accepted: [spanish[0], spanish[2], spanish[3]],
			rejected: [english[1]],
			mostlyForeign: false,
		})
	})

	test('mostly in another language: the answer failed', () => {
		const answer = [english[0]!, english[1]!, spanish[2]!, english[3]!]
		const check = checkBatchLanguage(answer, 'es')
		expect(check.mostlyForeign).toBe(true)
		expect(check.rejected).toEqual([english[0], english[1], english[3]])
	})

	test('half and half is not mostly foreign', () => {
		const answer = [english[0]!, spanish[1]!, english[2]!, spanish[3]!]
		expect(checkBatchLanguage(answer, 'es').mostlyForeign).toBe(false)
	})

	test('short phrases are judged together', () => {
		const short = ['Good vibes only', 'Stay wild', 'Love it']
		expect(checkBatchLanguage(short, 'es')).toMatchObject({
			accepted: [],
			mostlyForeign: true,
		})
		expect(checkBatchLanguage(short, 'en')).toMatchObject({
			accepted: short,
			mostlyForeign: false,
		})
	})

	test('a short phrase with nothing to judge follows the rest of the answer', () => {
		expect(checkBatchLanguage([...spanish, '¡Vamos! 💪'], 'es').accepted).toContain('¡Vamos! 💪')
		expect(checkBatchLanguage([...english, '¡Vamos! 💪'], 'es').accepted).toEqual([])
	})
})
