/** The fakes also run standalone (e2e tests and benchmarks start them that way). */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { FAKE_GEMINI_KEY } from './fake-gemini'

const tsx = createRequire(import.meta.url).resolve('tsx/cli')

async function startCli(file: string, args: string[]) {
	const child = spawn(
		process.execPath,
		[tsx, fileURLToPath(new URL(file, import.meta.url)), ...args],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	)
	const url = await new Promise<string>((resolve, reject) => {
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString()
			const match = /listening on (http:\/\/\S+)/.exec(output)
			if (match) resolve(match[1]!)
		})
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
	})
	return { url, stop: () => child.kill('SIGTERM') }
}

test('fake-gemini.ts --port 0 --mode normal', async () => {
	const fake = await startCli('./fake-gemini.ts', [
		'--port',
		'0',
		'--mode',
		'normal',
		'--latency',
		'0',
	])
	try {
		const response = await fetch(`${fake.url}/v1beta/models/gemini-flash-latest:generateContent`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-goog-api-key': FAKE_GEMINI_KEY },
			body: JSON.stringify({
				contents: [{ role: 'user', parts: [{ text: 'Genera exactamente 3 frases' }] }],
			}),
		})
		const body = (await response.json()) as {
			candidates: Array<{ content: { parts: Array<{ text: string }> } }>
		}
		expect(body.candidates[0]!.content.parts[0]!.text.split('\n')).toHaveLength(3)
	} finally {
		fake.stop()
	}
}, 20_000)

test('fake-openai.ts --port 0 --mode messy', async () => {
	const fake = await startCli('./fake-openai.ts', ['--port', '0', '--mode', 'messy'])
	try {
		const response = await fetch(`${fake.url}/v1/chat/completions`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				model: 'llama3.2',
				messages: [{ role: 'user', content: 'exactamente 2' }],
			}),
		})
		const body = (await response.json()) as { choices: Array<{ message: { content: string } }> }
		expect(body.choices[0]!.message.content).toMatch(/^¡Claro! Aquí tienes 2 frases/)
	} finally {
		fake.stop()
	}
}, 20_000)
