/**
 * An announcement's text as written: plain text, paragraphs separated by a blank line,
 * links written out (`https://…`). The same reading makes the mail's HTML, the admin's
 * preview and the dashboard's list, so what the admin previews is what people get.
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; href: string }
/** A paragraph is lines; a line is text and links. */
export type Paragraph = Segment[][]

const LINK = /https?:\/\/[^\s<>"]+/g
// Punctuation that ends a sentence rather than the link written just before it.
const TRAILING = /[.,;:!?¡¿)\]»"'’”]+$/

function segmentsOf(line: string): Segment[] {
	const segments: Segment[] = []
	let last = 0
	for (const match of line.matchAll(LINK)) {
		const href = match[0].replace(TRAILING, '')
		const start = match.index
		if (!URL.canParse(href)) continue
		if (start > last) segments.push({ kind: 'text', text: line.slice(last, start) })
		segments.push({ kind: 'link', href })
		last = start + href.length
	}
	if (last < line.length) segments.push({ kind: 'text', text: line.slice(last) })
	return segments
}

export function paragraphsOf(body: string): Paragraph[] {
	return body
		.replace(/\r\n?/g, '\n')
		.split(/\n[ \t]*\n/)
		.map((block) => block.trim())
		.filter(Boolean)
		.map((block) => block.split('\n').map((line) => segmentsOf(line.trimEnd())))
}
