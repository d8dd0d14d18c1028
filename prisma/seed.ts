// Demo data for development: `npm run db:seed`. Safe to run repeatedly (upserts on fixed
// ids). Accounts get their passwords through the accounts feature, so none are set here.
import { ensureDatabase, prisma } from '../app/utils/db.server'
import { getEnv } from '../app/utils/env.server'

if (getEnv().NODE_ENV === 'production') {
	console.error('Refusing to seed demo data: NODE_ENV is production.')
	process.exit(1)
}

await ensureDatabase()

const admin = await prisma.profile.upsert({
	where: { email: 'admin@frasea.local' },
	update: {},
	create: {
		name: 'Administración Frasea',
		email: 'admin@frasea.local',
		role: 'admin',
		emailVerifiedAt: new Date(),
	},
})

const demo = await prisma.profile.upsert({
	where: { email: 'demo@frasea.local' },
	update: {},
	create: {
		name: 'Lucía Demo',
		email: 'demo@frasea.local',
		role: 'usuario',
		bio: 'Escribo para redes sociales y me encantan las frases cortas.',
		location: 'Madrid, España',
		emailVerifiedAt: new Date(),
	},
})

const day = 24 * 60 * 60 * 1000
const now = Date.now()

const savedPhrases = [
	'La constancia convierte lo imposible en rutina.',
	'Hoy es un buen día para empezar algo pequeño.',
	'Cada amanecer trae una página en blanco.',
]
for (const [index, content] of savedPhrases.entries()) {
	const id = `seed-frase-${index + 1}`
	await prisma.phrase.upsert({
		where: { id },
		update: {},
		create: { id, content, userId: demo.id, createdAt: new Date(now - index * day) },
	})
}

const generationSettings = JSON.stringify({
	language: 'es',
	type: 'motivacional',
	count: 3,
	platform: 'instagram',
	length: 50,
	includeDate: false,
	includeEmojis: true,
	includeHashtags: false,
})
const history = [
	'El café de la mañana sabe mejor con metas claras ☕',
	'Pequeños pasos, grandes cambios 🚀',
	'Sonríe: tu energía es contagiosa ✨',
]
for (const [index, content] of history.entries()) {
	const id = `seed-historial-${index + 1}`
	await prisma.historyPhrase.upsert({
		where: { id },
		update: {},
		create: {
			id,
			content,
			userId: demo.id,
			originalPrompt: 'frases motivadoras para empezar el día',
			settings: generationSettings,
			createdAt: new Date(now - 2 * day),
		},
	})
}

console.log(`Seeded ${admin.email} (admin) and ${demo.email} with demo phrases and history.`)
await prisma.$disconnect()
