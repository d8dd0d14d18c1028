/**
 * Just enough MIME to read what nodemailer sends: headers (unfolded, encoded words decoded),
 * and the text and HTML parts (quoted-printable or base64 undone). For tests only.
 */

export type ParsedMail = {
	/** A header's value, '' when absent. */
	header(name: string): string
	subject: string
	text: string
	html: string
}

function decodeQuotedPrintable(input: string) {
	const bytes: number[] = []
	const source = input.replace(/=\r?\n/g, '')
	for (let i = 0; i < source.length; i++) {
		const hex = source.slice(i + 1, i + 3)
		if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
			bytes.push(parseInt(hex, 16))
			i += 2
		} else {
			bytes.push(...Buffer.from(source[i] ?? '', 'utf8'))
		}
	}
	return Buffer.from(bytes).toString('utf8')
}

function decodeBody(headers: string, body: string) {
	const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
	if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
	return body
}

function decodeHeaderWords(value: string) {
	return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
		kind.toLowerCase() === 'b'
			? Buffer.from(text, 'base64').toString('utf8')
			: decodeQuotedPrintable(text.replace(/_/g, ' ')),
	)
}

export function parseMessage(message: string): ParsedMail {
	const raw = message.replace(/\r\n/g, '\n')
	const [head = '', ...rest] = raw.split('\n\n')
	const body = rest.join('\n\n')
	const unfolded = head.replace(/\n[ \t]+/g, ' ')
	const header = (name: string) =>
		decodeHeaderWords(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '')
	const mail: ParsedMail = { header, subject: header('Subject'), text: '', html: '' }
	const boundary = /boundary="?([^";]+)"?/i.exec(unfolded)?.[1]
	const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\n\n${body}`]
	for (const part of parts) {
		const [partHead = '', ...partBody] = part.replace(/^\n/, '').split('\n\n')
		const content = decodeBody(partHead, partBody.join('\n\n'))
		if (/content-type:\s*text\/html/i.test(partHead)) mail.html = content
		else if (/content-type:\s*text\/plain/i.test(partHead)) mail.text = content
	}
	return mail
}
