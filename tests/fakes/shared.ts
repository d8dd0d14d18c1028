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
	/** Queues replies used, in order, before falling back to the mode. */
	enqueue(...replies: ScriptedReply[]): void
	setMode(mode: FakeMode): void
	close(): Promise<void>
}

export interface FakeServerOptions {
	port?: number
	host?: string
	mode?: FakeMode
	/** Added to every reply; 0 for benchmarks. */
	latencyMs?: number
}

export type Handler = (
	request: RecordedRequest,
	context: { mode: FakeMode; next: () => ScriptedReply | undefined },
) => ScriptedReply

export async function startServer(
	handler: Handler,
	options: FakeServerOptions = {},
): Promise<FakeServer> {
	const requests: RecordedRequest[] = []
	const queue: ScriptedReply[] = []
	let mode: FakeMode = options.mode ?? 'normal'
	const sockets = new Set<Socket>()

	const server: Server = createServer((req, res) => {
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
		const reply = handler(recorded, { mode, next: () => queue.shift() })
		const delay = (reply.delayMs ?? 0) + (options.latencyMs ?? 0)
		if (delay > 0) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, delay)
				// A client that gave up (timeout test) should not keep the timer alive.
				res.on('close', () => {
					clearTimeout(timer)
					resolve()
				})
			})
			if (res.destroyed) return
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
		enqueue: (...replies) => queue.push(...replies),
		setMode: (next) => {
			mode = next
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
	})
	// Keep memory flat in long benchmark runs.
	server.requests.length = 0
	setInterval(() => (server.requests.length = 0), 10_000).unref()
	console.log(`${name} listening on ${server.url} (mode ${mode})`)
	const stop = () => void server.close().then(() => process.exit(0))
	process.on('SIGINT', stop)
	process.on('SIGTERM', stop)
}
