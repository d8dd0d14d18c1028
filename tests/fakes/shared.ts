/**
 * Plumbing shared by the fake AI servers: a loopback HTTP server with a queue of scripted
 * replies, a record of every request, and a command line to run it standalone.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, type Socket } from 'node:net'
import { parseArgs } from 'node:util'

export interface RecordedRequest {
	method: string
	path: string
	headers: IncomingMessage['headers']
	body: unknown
}

export interface ScriptedReply {
	status: number
	body: unknown
	headers?: Record<string, string>
	/** Wait this long before answering (slow-provider tests). */
	delayMs?: number
	/**
	 * Answer with server-sent events instead of `body`: each event's data (JSON, or a string
	 * sent as it is, such as `[DONE]`) once its wait is over.
	 */
	events?: StreamEvent[]
	/** After the events, drop the connection instead of ending the answer (a failure mid-stream). */
	cut?: boolean
}

export interface StreamEvent {
	data: unknown
	/** Wait this long before sending it. */
	delayMs?: number
	/** Wait until this settles before sending it (a test decides when the model goes on). */
	waitFor?: Promise<void>
}

/** A piece of streamed text and when it is sent. */
export type TextPiece = Omit<StreamEvent, 'data'> & { text: string }

/**
 * When a streamed answer written from the mode is sent: the first `firstLines` lines at
 * once, the rest after `pauseMs` (a model that starts fast and then thinks). The same
 * answer asked for whole comes after `pauseMs`.
 */
export interface StreamTiming {
	firstLines: number
	pauseMs: number
}

/** Something a test opens when the fake may go on (see StreamEvent.waitFor). */
export function gate() {
	let open: () => void = () => {}
	const opened = new Promise<void>((resolve) => (open = resolve))
	return { opened, open }
}

/**
 * A text as a model streams it: every line in two pieces (so pieces end inside lines, as
 * tokens do), the first `timing.firstLines` lines at once and the rest after the pause.
 */
export function textPieces(text: string, timing?: StreamTiming): TextPiece[] {
	const lines = text.split('\n')
	return lines.flatMap((line, index) => {
		const end = index < lines.length - 1 ? '\n' : ''
		const half = Math.ceil(line.length / 2)
		const delayMs = timing && index === timing.firstLines ? timing.pauseMs : undefined
		return [{ text: line.slice(0, half), delayMs }, { text: line.slice(half) + end }].filter(
			(piece) => piece.text !== '',
		)
	})
}

/**
 * How a fake answers when no reply is queued: `english` answers in English whatever
 * language the instruction asks for, as models drifting into English do.
 */
export type FakeMode = 'normal' | 'messy' | 'short' | 'empty' | 'english'

export interface FakeServer {
	/** Origin, e.g. http://127.0.0.1:41234 */
	url: string
	port: number
	requests: RecordedRequest[]
	/** Requests still being answered: a caller that gave up (a cancelled call) is not one. */
	answering(): number
	/** Queues replies used, in order, before falling back to the mode. */
	enqueue(...replies: ScriptedReply[]): void
	setMode(mode: FakeMode): void
	/** How streamed answers written from the mode are paced (none: all at once). */
	setStreamTiming(timing: StreamTiming | undefined): void
	close(): Promise<void>
}

export interface FakeServerOptions {
	port?: number
	host?: string
	mode?: FakeMode
	/** Added to every reply; 0 for benchmarks. */
	latencyMs?: number
	streamTiming?: StreamTiming
}

export type Handler = (
	request: RecordedRequest,
	context: {
		mode: FakeMode
		next: () => ScriptedReply | undefined
		streamTiming: StreamTiming | undefined
	},
) => ScriptedReply

export async function startServer(
	handler: Handler,
	options: FakeServerOptions = {},
): Promise<FakeServer> {
	const requests: RecordedRequest[] = []
	const queue: ScriptedReply[] = []
	let mode: FakeMode = options.mode ?? 'normal'
	let streamTiming = options.streamTiming
	const sockets = new Set<Socket>()

	let answering = 0
	const server: Server = createServer((req, res) => {
		answering++
		res.on('close', () => answering--)
		void handle(req, res)
	})
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const raw = Buffer.concat(chunks).toString('utf8')
		let body: unknown = raw
		try {
			body = raw ? JSON.parse(raw) : undefined
		} catch {
			// Kept as text.
		}
		const recorded: RecordedRequest = {
			method: req.method ?? 'GET',
			path: req.url ?? '/',
			headers: req.headers,
			body,
		}
		requests.push(recorded)
		const reply = handler(recorded, { mode, next: () => queue.shift(), streamTiming })
		// A client that gave up (a timeout test, a visitor who left) ends every wait.
		const closed = new Promise<void>((resolve) => res.on('close', () => resolve()))
		const wait = async (delay: number, until?: Promise<void>) => {
			if (until) await Promise.race([until, closed])
			if (delay <= 0) return
			let timer: NodeJS.Timeout | undefined
			await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, delay))), closed])
			clearTimeout(timer)
		}
		// With paced streams, an answer asked for whole comes once its last line is written.
		const whole = !reply.events && reply.status === 200 ? (streamTiming?.pauseMs ?? 0) : 0
		await wait((reply.delayMs ?? 0) + (options.latencyMs ?? 0) + whole)
		if (res.destroyed) return
		if (reply.events) {
			res.writeHead(reply.status, {
				'content-type': 'text/event-stream',
				'cache-control': 'no-cache',
				...reply.headers,
			})
			for (const event of reply.events) {
				await wait(event.delayMs ?? 0, event.waitFor)
				if (res.destroyed) return
				const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data)
				// Written through before what follows, so a cut never swallows the last events.
				await new Promise((resolve) => res.write(`data: ${data}\n\n`, resolve))
			}
			if (reply.cut) res.socket?.destroy()
			else res.end()
			return
		}
		res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
		res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
	}

	await new Promise<void>((resolve) =>
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
	)
	const { port } = server.address() as AddressInfo
	return {
		url: `http://${options.host ?? '127.0.0.1'}:${port}`,
		port,
		requests,
		answering: () => answering,
		enqueue: (...replies) => queue.push(...replies),
		setMode: (next) => {
			mode = next
		},
		setStreamTiming: (timing) => {
			streamTiming = timing
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy()
				server.close(() => resolve())
			}),
	}
}

/**
 * Every key a fake was sent, in the headers a Gemini (`x-goog-api-key`) or an
 * OpenAI-compatible API (`Authorization: Bearer`) reads one from: what a listener an
 * attacker points an address at would collect.
 */
export function keysReceivedBy(server: Pick<FakeServer, 'requests'>): string[] {
	return server.requests.flatMap((call) =>
		[call.headers['x-goog-api-key'], call.headers.authorization?.replace(/^Bearer /, '')].filter(
			(value): value is string => typeof value === 'string',
		),
	)
}

/** The N of 'exactamente N' in our instruction text, else 4. */
export function requestedCount(instruction: string): number {
	const match = /exactamente\s+(\d+)/i.exec(instruction)
	return match ? Number(match[1]) : 4
}

/** The language code of 'Escribe todas las frases en inglés (en)' in our instruction, else 'es'. */
export function requestedLanguage(instruction: string): string {
	const match = /Escribe todas las frases en [^(\n]*\((\w{2})\)/.exec(instruction)
	return match?.[1] ?? 'es'
}

const SUBJECTS: Record<string, string[]> = {
	es: [
		'Cada amanecer trae una nueva oportunidad para brillar',
		'Los sueños grandes empiezan con pasos pequeños',
		'La constancia convierte lo difícil en posible',
		'Sonreír también es una forma de avanzar',
		'Lo mejor está por llegar si sigues caminando',
		'Tu esfuerzo de hoy es tu orgullo de mañana',
		'La calma también es una forma de fuerza',
		'Cree en ti aunque el camino sea largo',
		'Las pequeñas victorias también merecen celebración',
		'Cada día es una página en blanco para escribir',
		'El valor no es no tener miedo, es seguir adelante',
		'La gratitud transforma lo que tenemos en suficiente',
	],
	en: [
		'Every sunrise brings a new chance to shine',
		'Big dreams start with small steps',
		'Consistency turns the difficult into the possible',
		'Smiling is also a way of moving forward',
		'The best is yet to come if you keep walking',
		'Your effort today is your pride tomorrow',
		'Calm is also a kind of strength',
		'Believe in yourself even when the road is long',
		'Small victories deserve a celebration too',
		'Every day is a blank page waiting to be written',
		'Courage is not the absence of fear but going on anyway',
		'Gratitude turns what we have into enough',
	],
	pt: [
		'Cada amanhecer traz uma nova oportunidade para brilhar',
		'Os grandes sonhos começam com pequenos passos',
		'A constância transforma o difícil em possível',
		'Sorrir também é uma forma de avançar',
		'O melhor ainda está por vir se você continuar',
		'O seu esforço de hoje é o seu orgulho de amanhã',
	],
	fr: [
		'Chaque lever de soleil apporte une nouvelle chance de briller',
		'Les grands rêves commencent par de petits pas',
		'La constance transforme le difficile en possible',
		'Sourire est aussi une façon d’avancer',
		'Le meilleur reste à venir si tu continues à marcher',
		'Ton effort d’aujourd’hui est ta fierté de demain',
	],
	it: [
		'Ogni alba porta una nuova occasione per brillare',
		'I grandi sogni iniziano con piccoli passi',
		'La costanza trasforma il difficile in possibile',
		'Sorridere è anche un modo per andare avanti',
		'Il meglio deve ancora venire se continui a camminare',
		'Il tuo impegno di oggi è il tuo orgoglio di domani',
	],
}

/** `count` distinct, clean phrases in `language` as a well-behaved model would answer. */
export function fakePhrases(count: number, language = 'es'): string[] {
	const subjects = SUBJECTS[language] ?? SUBJECTS.es!
	return Array.from({ length: count }, (_, index) => {
		const subject = subjects[index % subjects.length]!
		const round = Math.floor(index / subjects.length)
		return round ? `${subject}, ${round + 1}.` : `${subject}.`
	})
}

/** The answer text for a mode, to an instruction asking for `count` phrases in `language`. */
export function modeText(mode: FakeMode, count: number, language = 'es'): string {
	switch (mode) {
		case 'normal':
			return fakePhrases(count, language).join('\n')
		case 'english':
			return fakePhrases(count, 'en').join('\n')
		case 'messy':
			return [
				`¡Claro! Aquí tienes ${count} frases motivacionales:`,
				'',
				...fakePhrases(count, language).map((phrase, index) => `${index + 1}. "${phrase}"`),
				'',
			].join('\n')
		case 'short':
			return fakePhrases(Math.max(1, Math.floor(count / 2)), language).join('\n')
		case 'empty':
			return ''
	}
}

/** Parses `--port 4300 --mode normal --latency 0` and keeps the fake running. */
export async function runCli(
	start: (options: FakeServerOptions) => Promise<FakeServer>,
	name: string,
) {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '4300' },
			host: { type: 'string', default: '127.0.0.1' },
			mode: { type: 'string', default: 'normal' },
			latency: { type: 'string', default: '0' },
			// Streamed answers: this many lines at once, the rest after --pause-ms.
			'first-lines': { type: 'string' },
			'pause-ms': { type: 'string', default: '0' },
		},
	})
	const mode = values.mode as FakeMode
	if (!['normal', 'messy', 'short', 'empty'].includes(mode)) {
		throw new Error(`Unknown mode ${mode}: use normal, messy, short or empty`)
	}
	const server = await start({
		port: Number(values.port),
		host: values.host,
		mode,
		latencyMs: Number(values.latency),
		streamTiming:
			values['first-lines'] === undefined
				? undefined
				: { firstLines: Number(values['first-lines']), pauseMs: Number(values['pause-ms']) },
	})
	// Keep memory flat in long benchmark runs.
	server.requests.length = 0
	setInterval(() => (server.requests.length = 0), 10_000).unref()
	console.log(`${name} listening on ${server.url} (mode ${mode})`)
	const stop = () => void server.close().then(() => process.exit(0))
	process.on('SIGINT', stop)
	process.on('SIGTERM', stop)
}
