import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { announcementSchema, BODY_MAX, SUBJECT_MAX } from './form'

const parse = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return parseWithZod(data, { schema: announcementSchema })
}
const valid = {
	intent: 'enviar',
	subject: 'Novedades',
	body: 'Hola',
	audience: 'consejos',
	requestKey: 'una-clave-de-formulario-1234',
}
const errorsOf = (fields: Record<string, string>) => parse(fields).reply().error

test('a valid form: text trimmed, line breaks made plain, control characters dropped', () => {
	const result = parse({ ...valid, subject: '  Hola\u0007  ', body: '\r\nUno\r\n\r\nDos\u0000 ' })
	expect(result.status).toBe('success')
	if (result.status !== 'success') return
	expect(result.value).toMatchObject({ subject: 'Hola', body: 'Uno\n\nDos', audience: 'consejos' })
})

test('each refusal says why, next to its field', () => {
	expect(errorsOf({ ...valid, subject: '  ' })).toEqual({ subject: ['Escribe el asunto.'] })
	expect(errorsOf({ ...valid, subject: 'a\nBcc: otra@example.com' })).toEqual({
		subject: ['El asunto debe ir en una sola línea.'],
	})
	expect(errorsOf({ ...valid, subject: 'x'.repeat(SUBJECT_MAX + 1) })).toEqual({
		subject: [`El asunto no puede tener más de ${SUBJECT_MAX} caracteres.`],
	})
	expect(errorsOf({ ...valid, body: ' \n ' })).toEqual({
		body: ['Escribe el texto del comunicado.'],
	})
	expect(errorsOf({ ...valid, body: 'x'.repeat(BODY_MAX + 1) })).toEqual({
		body: [`El texto no puede tener más de ${BODY_MAX} caracteres.`],
	})
	expect(errorsOf({ ...valid, audience: 'todos' })).toEqual({
		audience: ['Elige para quién es el comunicado.'],
	})
	expect(errorsOf({ ...valid, requestKey: 'corta' })).toHaveProperty('requestKey')
	expect(errorsOf({ ...valid, intent: 'borrar' })).toHaveProperty('intent')
})
