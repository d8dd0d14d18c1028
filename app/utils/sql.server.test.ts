/**
 * The SQL that differs between the engines, run on whichever this pass uses: the same
 * expectations hold on SQLite and on PostgreSQL.
 */
import { expect, test } from 'vitest'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from './db.server'
import {
	containsIgnoringCase,
	serializableTransaction,
	timestampValue,
	toNumber,
} from './sql.server'

test('a search is a literal substring that ignores ASCII case', async () => {
	const texts = ['100% real', '1000 reales', 'a_b', 'axb', 'C:\\ruta', 'Sol y MAR']
	const matches = async (search: string) => {
		const rows = await prisma.$queryRaw<Array<{ text: string }>>`
			SELECT text FROM (${Prisma.join(
				texts.map((text) => Prisma.sql`SELECT ${text} AS text`),
				' UNION ALL ',
			)}) AS candidates
			WHERE ${containsIgnoringCase(Prisma.sql`text`, search)} ORDER BY text`
		return rows.map((row) => row.text)
	}
	expect(await matches('0%')).toEqual(['100% real'])
	expect(await matches('%')).toEqual(['100% real'])
	expect(await matches('_')).toEqual(['a_b'])
	expect(await matches(':\\r')).toEqual(['C:\\ruta'])
	expect(await matches('sol y mar')).toEqual(['Sol y MAR'])
	expect(await matches('REAL')).toEqual(['100% real', '1000 reales'])
})

test('dates compare as the stored ones, also read back as text', async () => {
	const owner = await prisma.profile.create({
		data: { name: 'Fechas', email: 'fechas@frasea.test' },
	})
	const at = new Date('2026-03-29T00:59:59.123Z')
	await prisma.phrase.create({ data: { userId: owner.id, content: 'una', createdAt: at } })
	const count = async (condition: Prisma.Sql) =>
		toNumber(
			(
				await prisma.$queryRaw<Array<{ n: bigint | number }>>`
					SELECT COUNT(*) AS n FROM frases WHERE usuario_id = ${owner.id} AND ${condition}`
			)[0]?.n,
		)
	expect(await count(Prisma.sql`fecha_creacion = ${timestampValue(at)}`)).toBe(1)
	expect(
		await count(Prisma.sql`fecha_creacion > ${timestampValue(new Date(at.getTime() - 1))}`),
	).toBe(1)
	expect(await count(Prisma.sql`fecha_creacion > ${timestampValue(at)}`)).toBe(0)
	const [stored] = await prisma.$queryRaw<Array<{ at: string }>>`
		SELECT CAST(fecha_creacion AS TEXT) AS at FROM frases WHERE usuario_id = ${owner.id}`
	expect(await count(Prisma.sql`fecha_creacion = ${timestampValue(stored!.at)}`)).toBe(1)
})

test('transactions that create a missing row after reading never create two, however many race', async () => {
	await prisma.advancedSettings.deleteMany({ where: { userId: null } })
	await Promise.all(
		Array.from({ length: 8 }, (_, index) =>
			serializableTransaction(async (tx) => {
				const row = await tx.advancedSettings.findFirst({ where: { userId: null } })
				if (row)
					await tx.advancedSettings.update({ where: { id: row.id }, data: { maxTokens: index } })
				else await tx.advancedSettings.create({ data: { userId: null, maxTokens: index } })
			}),
		),
	)
	expect(await prisma.advancedSettings.count({ where: { userId: null } })).toBe(1)
})
