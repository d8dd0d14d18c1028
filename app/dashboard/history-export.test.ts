/**
 * The history export: the signed-in user's phrases only, those matching the search, in the
 * page's order, separated by blank lines, as an attachment named mis-frases-historial.txt.
 */
import { expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { createSession } from '~/auth/session.server'
import { loader } from '~/routes/dashboard.historial.exportar'

const context = { clientAddress: '198.51.100.7', protocol: 'http' as const }

async function exportAs(userId: string, search = '') {
	const { cookie } = await createSession(userId)
	const request = new Request(`http://localhost/dashboard/historial/exportar${search}`, {
		headers: { cookie: cookie.split(';')[0] ?? '' },
	})
	const response = await loader({ request, params: {}, context })
	return {
		type: response.headers.get('content-type'),
		disposition: response.headers.get('content-disposition'),
		text: await response.text(),
	}
}

test("the export holds the user's matching phrases in order, separated by blank lines", async () => {
	const [owner, other] = await Promise.all(
		['exporta', 'ajena'].map((name) =>
			prisma.profile.create({ data: { name, email: `${name}@frasea.test` } }),
		),
	)
	if (!owner || !other) throw new Error('no users')
	const at = (minutes: number) => new Date(Date.parse('2026-03-01T10:00:00Z') + minutes * 60_000)
	await prisma.historyPhrase.createMany({
		data: [
			{ userId: owner.id, content: 'Primera del mar', createdAt: at(1) },
			{ userId: owner.id, content: 'Segunda, de la montaña', createdAt: at(2) },
			{ userId: owner.id, content: 'Tercera del mar\ncon dos líneas', createdAt: at(3) },
			{ userId: other.id, content: 'Ajena del mar', createdAt: at(4) },
		],
	})

	const all = await exportAs(owner.id)
	expect(all.type).toBe('text/plain; charset=utf-8')
	expect(all.disposition).toBe('attachment; filename="mis-frases-historial.txt"')
	expect(all.text).toBe(
		'Tercera del mar\ncon dos líneas\n\nSegunda, de la montaña\n\nPrimera del mar\n',
	)
	const matching = await exportAs(owner.id, '?q=mar&orden=antiguas')
	expect(matching.text).toBe('Primera del mar\n\nTercera del mar\ncon dos líneas\n')
	expect((await exportAs(owner.id, '?q=nada')).text).toBe('')
})

test('a guest is sent to sign in instead of getting a file', async () => {
	const request = new Request('http://localhost/dashboard/historial/exportar')
	const outcome = await loader({ request, params: {}, context }).catch((thrown: unknown) => thrown)
	expect(outcome).toBeInstanceOf(Response)
	expect((outcome as Response).status).toBe(302)
	expect((outcome as Response).headers.get('location')).toMatch(/^\/login\?redirectTo=/)
})
