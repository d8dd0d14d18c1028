/**
 * Server-sent events (text/event-stream), both ways: reading the streams Gemini and
 * OpenAI-compatible servers answer with, reading our own generation stream in the browser,
 * and writing it on the server. Pure: no Node or DOM specifics.
 */

export interface SseEvent {
	/** The `event:` field; 'message' when absent. */
	event: string
	/** The `data:` lines, joined with newlines. */
	data: string
}

/**
 * An incremental parser: `push` text as it arrives (chunks may split anywhere, even inside
 * a line) and get back the events completed by it; `end` completes the last one when the
 * stream stopped without the blank line after it. Comments (`: …`) and unknown fields are
 * ignored, as the format says.
 */
export function createSseParser() {
	let buffer = ''
	let event = ''
	let data: string[] = []
	let hasData = false

	const dispatch = (events: SseEvent[]) => {
		if (hasData) events.push({ event: event || 'message', data: data.join('\n') })
		event = ''
		data = []
		hasData = false
	}

	const readLine = (line: string, events: SseEvent[]) => {
		if (line === '') return dispatch(events)
		if (line.startsWith(':')) return
		const colon = line.indexOf(':')
		const field = colon === -1 ? line : line.slice(0, colon)
		let value = colon === -1 ? '' : line.slice(colon + 1)
		if (value.startsWith(' ')) value = value.slice(1)
		if (field === 'event') event = value
		else if (field === 'data') {
			data.push(value)
			hasData = true
		}
	}

	return {
		push(text: string): SseEvent[] {
			buffer += text
			const events: SseEvent[] = []
			let newline: RegExpExecArray | null
			const lineEnd = /\r\n|\r|\n/g
			let start = 0
			while ((newline = lineEnd.exec(buffer))) {
				// A lone \r at the very end may be the first half of \r\n: wait for more.
				if (newline[0] === '\r' && newline.index === buffer.length - 1) break
				readLine(buffer.slice(start, newline.index), events)
				start = newline.index + newline[0].length
			}
			buffer = buffer.slice(start)
			return events
		},
		end(): SseEvent[] {
			const events: SseEvent[] = []
			if (buffer) readLine(buffer, events)
			buffer = ''
			dispatch(events)
			return events
		},
	}
}

/** One event as it goes on the wire; `data` is JSON, so it never holds a newline. */
export function formatSseEvent(event: string, data: unknown): string {
	return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}
