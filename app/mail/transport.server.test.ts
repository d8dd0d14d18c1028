import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	watch,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'

const dir = mkdtempSync(path.join(tmpdir(), 'frasea-mail-'))
process.env.DATA_DIR = dir
delete process.env.SMTP_URL
const { deliverMail } = await import('./transport.server')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('without SMTP_URL a mail becomes an .eml file in DATA_DIR/outbox; the log names the file, not the content', async () => {
	const log = vi.spyOn(console, 'log').mockImplementation(() => {})
	await deliverMail({
		to: 'ana@frasea.test',
		subject: 'Restablece tu contraseña',
		text: 'Enlace: http://localhost/reset-password?token=secreto123',
		html: '<p>secreto123</p>',
	})
	const files = readdirSync(path.join(dir, 'outbox'))
	expect(files).toHaveLength(1)
	expect(files[0]).toMatch(/\.eml$/)
	const eml = readFileSync(path.join(dir, 'outbox', files[0] ?? ''), 'utf8')
	expect(eml).toMatch(/^To: ana@frasea\.test$/m)
	expect(eml).toContain('secreto123')
	const logged = log.mock.calls.flat().join(' ')
	expect(logged).toContain(path.join(dir, 'outbox'))
	expect(logged).not.toContain('secreto123')
	log.mockRestore()
})

test('a mail appears in the outbox only once it is whole, never half written', async () => {
	const log = vi.spyOn(console, 'log').mockImplementation(() => {})
	const outbox = path.join(dir, 'outbox')
	mkdirSync(outbox, { recursive: true })
	const before = new Set(readdirSync(outbox))
	// Large enough to be written in several pieces, each a turn of the event loop.
	const html = `<p>${'a'.repeat(4 * 1024 * 1024)}</p><p>fin-del-mensaje</p>`
	// What a reader watching the folder finds each time it is told of a file.
	const seen: Array<{ name: string; content: string }> = []
	const watcher = watch(outbox, (_event, name) => {
		const file = name ? path.join(outbox, name) : ''
		if (!name || before.has(name) || !existsSync(file)) return
		seen.push({ name, content: readFileSync(file, 'utf8') })
	})
	await deliverMail({ to: 'ana@frasea.test', subject: 'Grande', text: 'texto', html })
	const [written] = readdirSync(outbox).filter((name) => !before.has(name))
	expect(written).toMatch(/\.eml$/)
	// Until the watcher has been told of the mail and opened it.
	await vi.waitFor(() => expect(seen.map((read) => read.name)).toContain(written), {
		timeout: 5000,
		interval: 10,
	})
	watcher.close()
	log.mockRestore()
	for (const read of seen) expect(read.content).toContain('fin-del-mensaje')
	expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([])
})
