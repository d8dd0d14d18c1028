import { expect, test } from 'vitest'
import { paragraphsOf } from './text'

test('blank lines make paragraphs, single line breaks stay, links are found and end before punctuation', () => {
	expect(
		paragraphsOf(
			'Hola:\r\n\r\nYa puedes probarlo en https://frasea.example/instagram.\nY más.\n\n\n  Fin  ',
		),
	).toEqual([
		[[{ kind: 'text', text: 'Hola:' }]],
		[
			[
				{ kind: 'text', text: 'Ya puedes probarlo en ' },
				{ kind: 'link', href: 'https://frasea.example/instagram' },
				{ kind: 'text', text: '.' },
			],
			[{ kind: 'text', text: 'Y más.' }],
		],
		[[{ kind: 'text', text: 'Fin' }]],
	])
})

test('only http and https become links; markup stays text', () => {
	const [paragraph] = paragraphsOf('javascript:alert(1) <b>hola</b> (http://a.example/x)')
	expect(paragraph).toEqual([
		[
			{ kind: 'text', text: 'javascript:alert(1) <b>hola</b> (' },
			{ kind: 'link', href: 'http://a.example/x' },
			{ kind: 'text', text: ')' },
		],
	])
})
