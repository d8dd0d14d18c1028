import { expect, test } from 'vitest'
import { createSseParser, formatSseEvent } from './sse'

test('events split anywhere, even inside a line or between \\r and \\n, come out whole', () => {
	const wire = 'event: phrase\r\ndata: {"a":1}\r\n\r\n: heartbeat\r\n\r\ndata: uno\ndata: dos\n\n'
	for (let size = 1; size <= wire.length; size++) {
		const parser = createSseParser()
		const events = []
		for (let start = 0; start < wire.length; start += size) {
			events.push(...parser.push(wire.slice(start, start + size)))
		}
		events.push(...parser.end())
		expect(events, `pieces of ${size}`).toEqual([
			{ event: 'phrase', data: '{"a":1}' },
			{ event: 'message', data: 'uno\ndos' },
		])
	}
})

test('a stream that stops without the blank line still delivers its last event', () => {
	const parser = createSseParser()
	expect(parser.push('data: [DONE]')).toEqual([])
	expect(parser.end()).toEqual([{ event: 'message', data: '[DONE]' }])
})

test('what we write is read back as it was sent', () => {
	const parser = createSseParser()
	const data = { text: 'Línea uno\nlínea dos', position: 0 }
	const [event] = parser.push(formatSseEvent('phrase', data))
	expect(event?.event).toBe('phrase')
	expect(JSON.parse(event!.data)).toEqual(data)
})
