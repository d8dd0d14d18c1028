import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { routeAnswer } from '../../tests/support/route-answer'
import { loader as avatarLoader } from '~/routes/avatars.$file'
import { avatarIdFromUrl } from './avatar-url'
import {
	AvatarError,
	AVATAR_SIDE,
	avatarKey,
	avatarPath,
	processAvatar,
	sweepOrphanAvatars,
} from './avatar.server'
import { AVATAR_MAX_BYTES, normalizeWebsite, ProfileSchema, PROFILE_INTENT } from './profile-forms'
import { profileMessages as messages } from './profile-messages'
import { profileAction } from './profile.server'
import { newUser, PATH, post, signedIn } from '../../tests/support/profile'
import { storedFileExists } from '../../tests/support/stored-files'

const png = (width = 64, height = 48) =>
	sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
		.png()
		.toBuffer()

function profileForm(
	fields: Record<string, string>,
	avatar?: { bytes: Buffer; name: string; type: string },
) {
	const form = new FormData()
	form.set('intent', PROFILE_INTENT.save)
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	if (avatar)
		form.set('avatar', new File([new Uint8Array(avatar.bytes)], avatar.name, { type: avatar.type }))
	return form
}

describe('profile form schema', () => {
	const parse = (fields: Record<string, unknown>) =>
		ProfileSchema.safeParse({ intent: PROFILE_INTENT.save, name: 'Ana', ...fields })
	const errorsOf = (result: ReturnType<typeof parse>) =>
		result.success
			? []
			: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)

	test('accepts a complete profile and trims it', () => {
		const result = parse({
			name: '  Ana López ',
			bio: ' Hola ',
			location: 'Sevilla',
			website: 'https://ana.es/blog',
		})
		expect(result.success && result.data).toMatchObject({
			name: 'Ana López',
			bio: 'Hola',
			location: 'Sevilla',
			website: 'https://ana.es/blog',
		})
	})

	test('the website must be an http(s) address; a bare domain is read as https', () => {
		expect(normalizeWebsite('ana.es')).toBe('https://ana.es/')
		expect(normalizeWebsite('http://ana.es/x?y=1')).toBe('http://ana.es/x?y=1')
		for (const bad of [
			'javascript:alert(1)',
			'data:text/html,hola',
			'ftp://ana.es',
			'no es una web',
			'https://usuario:clave@ana.es',
			'intranet',
		]) {
			expect(normalizeWebsite(bad), bad).toBeNull()
			expect(errorsOf(parse({ website: bad })), bad).toEqual([
				`website: ${messages.websiteInvalid}`,
			])
		}
	})

	test('name is required; bio, location and website have limits', () => {
		expect(errorsOf(parse({ name: '   ' }))).toEqual(['name: Por favor completa todos los campos'])
		expect(errorsOf(parse({ bio: 'a'.repeat(501) }))).toEqual([`bio: ${messages.bioTooLong(500)}`])
		expect(errorsOf(parse({ location: 'a'.repeat(101) }))).toEqual([
			`location: ${messages.locationTooLong(100)}`,
		])
		expect(errorsOf(parse({ website: `https://a.es/${'a'.repeat(200)}` }))[0]).toBe(
			`website: ${messages.websiteTooLong(200)}`,
		)
	})

	test('an avatar of 2 MB or more is refused in the browser as well', () => {
		const big = new File([new Uint8Array(AVATAR_MAX_BYTES)], 'foto.png', { type: 'image/png' })
		expect(errorsOf(parse({ avatar: big }))).toEqual([`avatar: ${messages.avatarTooLarge}`])
	})
})

describe('avatar processing', () => {
	test('too big: refused before decoding', async () => {
		await expect(processAvatar(new Uint8Array(AVATAR_MAX_BYTES))).rejects.toMatchObject({
			code: 'size',
			message: 'La imagen debe ser menor a 2MB',
		})
	})

	test('the type comes from the bytes: text named .png, a GIF or nothing are refused', async () => {
		const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
			.gif()
			.toBuffer()
		for (const bytes of [
			Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
			gif,
			Buffer.alloc(0),
		]) {
			const error = await processAvatar(bytes).catch((caught: unknown) => caught)
			expect(error).toBeInstanceOf(AvatarError)
			expect((error as AvatarError).code).toBe('format')
		}
		// A valid header over cut-short data.
		const truncated = (await png(400, 400)).subarray(0, 120)
		await expect(processAvatar(truncated)).rejects.toBeInstanceOf(AvatarError)
	})

	test('re-encoded as a square WebP with no metadata (EXIF, GPS, ICC, XMP)', async () => {
		const photo = await sharp({
			create: { width: 600, height: 300, channels: 3, background: '#3366cc' },
		})
			.withMetadata({ exif: { IFD0: { Copyright: 'secreto-exif', Artist: 'Ana' } } })
			.withIccProfile('p3')
			.jpeg()
			.toBuffer()
		const before = await sharp(photo).metadata()
		expect(before.exif).toBeDefined()
		const out = await processAvatar(photo)
		const after = await sharp(out).metadata()
		expect(after).toMatchObject({ format: 'webp', width: AVATAR_SIDE, height: AVATAR_SIDE })
		expect(after.exif).toBeUndefined()
		expect(after.icc).toBeUndefined()
		expect(after.xmp).toBeUndefined()
		expect(out.includes(Buffer.from('secreto-exif'))).toBe(false)
	})
})

describe('profile action', { timeout: 30_000 }, () => {
	test('saves the fields and the avatar; a new avatar replaces the old file; removing deletes it', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const first = await routeAnswer(
			await profileAction(
				post(
					cookie,
					profileForm(
						{ name: 'Ana Nueva', bio: 'Bio', location: '', website: 'ana.es' },
						{
							bytes: await png(),
							name: 'foto.png',
							type: 'image/png',
						},
					),
				),
				PATH,
			),
		)
		expect(first.status).toBe(302)
		expect(first.headers.get('location')).toBe(`${PATH}?tab=personal`)
		const saved = await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })
		expect(saved).toMatchObject({
			name: 'Ana Nueva',
			bio: 'Bio',
			location: null,
			website: 'https://ana.es/',
		})
		const firstId = avatarIdFromUrl(saved.avatarUrl) as string
		expect(firstId).toMatch(/^[\w-]{22}$/)
		const firstFile = avatarKey(firstId)
		if (getEnv().databaseEngine === 'sqlite') {
			expect(path.dirname(avatarPath(firstId) as string)).toBe(
				path.join(getEnv().dataDir, 'avatars'),
			)
		} else {
			expect(existsSync(path.join(getEnv().dataDir, 'avatars'))).toBe(false)
		}
		expect(await storedFileExists(firstFile)).toBe(true)

		// Served by its address, cacheable for a year; an unknown or malformed id is a 404.
		const served = await avatarLoader({ params: { file: `${firstId}.webp` } } as never)
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('image/webp')
		expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		for (const file of ['AAAAAAAAAAAAAAAAAAAAAA.webp', '../frasea.db', `${firstId}.jpg`]) {
			const missing = await avatarLoader({ params: { file } } as never)
			expect(missing.status, file).toBe(404)
			expect(await missing.text()).toBe(messages.avatarNotFound)
		}

		await profileAction(
			post(
				cookie,
				profileForm(
					{ name: 'Ana Nueva' },
					{ bytes: await png(10, 10), name: 'otra.png', type: 'image/png' },
				),
			),
			PATH,
		)
		const second = await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })
		expect(second.avatarUrl).not.toBe(saved.avatarUrl)
		expect(await storedFileExists(firstFile)).toBe(false)
		const secondFile = avatarKey(avatarIdFromUrl(second.avatarUrl) as string)
		expect(await storedFileExists(secondFile)).toBe(true)

		const removeForm = new FormData()
		removeForm.set('intent', PROFILE_INTENT.removeAvatar)
		await profileAction(post(cookie, removeForm), PATH)
		expect(
			(await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })).avatarUrl,
		).toBeNull()
		expect(await storedFileExists(secondFile)).toBe(false)
		// Nothing left for the sweep, and it leaves other users' live avatars alone.
		expect(await sweepOrphanAvatars(new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(0)
	})

	test('refusals keep what was typed: avatar too large (from the body), wrong type, bad website', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const big = Buffer.concat([await png(), Buffer.alloc(AVATAR_MAX_BYTES)])
		const tooLarge = await routeAnswer(
			await profileAction(
				post(
					cookie,
					profileForm(
						{ name: 'Ana Guardada', bio: 'Mi bio' },
						{ bytes: big, name: 'foto.png', type: 'image/png' },
					),
				),
				PATH,
			),
		)
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.body).toMatchObject({
			profile: {
				error: { avatar: ['La imagen debe ser menor a 2MB'] },
				initialValue: { name: 'Ana Guardada', bio: 'Mi bio' },
			},
		})

		const wrongType = await routeAnswer(
			await profileAction(
				post(
					cookie,
					profileForm(
						{ name: 'Ana' },
						{ bytes: Buffer.from('%PDF-1.4 hola'), name: 'foto.png', type: 'image/png' },
					),
				),
				PATH,
			),
		)
		expect(wrongType.status).toBe(415)
		expect(wrongType.body).toMatchObject({
			profile: { error: { avatar: [messages.avatarFormat] } },
		})

		const badWebsite = await routeAnswer(
			await profileAction(
				post(
					cookie,
					profileForm({ name: 'Ana', location: 'Cádiz', website: 'javascript:alert(1)' }),
				),
				PATH,
			),
		)
		expect(badWebsite.status).toBe(400)
		expect(badWebsite.body).toMatchObject({
			profile: {
				error: { website: [messages.websiteInvalid] },
				initialValue: { location: 'Cádiz' },
			},
		})
		const unchanged = await prisma.profile.findUniqueOrThrow({ where: { id: user.id } })
		expect(unchanged).toMatchObject({ name: 'Perfil de Prueba', avatarUrl: null, location: null })
	})

	test('a photo takes one from its address’s daily upload allowance only when it is kept', async () => {
		const user = await newUser()
		const { cookie } = await signedIn(user.id)
		const address = '198.51.100.77'
		const used = async () =>
			(await prisma.generationQuota.findFirst({ where: { subject: `upload:ip:${address}` } }))
				?.count ?? 0
		const save = async (avatar?: { bytes: Buffer; name: string; type: string }) =>
			(
				await routeAnswer(
					await profileAction(post(cookie, profileForm({ name: 'Ana' }, avatar)), PATH, address),
				)
			).status

		expect(await save({ bytes: Buffer.from('%PDF-1.4'), name: 'f.png', type: 'image/png' })).toBe(
			415,
		)
		expect(await used()).toBe(0)
		expect(await save({ bytes: await png(), name: 'foto.png', type: 'image/png' })).toBe(302)
		expect(await used()).toBe(1)
		// Saving the other fields stores no image.
		expect(await save()).toBe(302)
		expect(await used()).toBe(1)
	})

	test('a guest posting is sent to sign in and nothing changes', async () => {
		const request = new Request(`http://localhost${PATH}`, {
			method: 'POST',
			body: profileForm({ name: 'X' }),
		})
		const answer = await profileAction(request, PATH).catch((error: unknown) => error)
		expect(answer).toBeInstanceOf(Response)
		expect((answer as Response).headers.get('location')).toBe('/login')
	})
})
