/**
 * Account deletion: every row of every model that points at the user goes (checked against
 * the schema, so a new model cannot be forgotten), with the uploaded files and the avatar;
 * anonymous statistics stay without the user's id; other users keep everything; the main
 * admin account cannot be deleted.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { putStoredFile, storedFileExists } from '../../tests/support/stored-files'
import { uploadKey } from '~/cards/upload.server'
import { prisma } from '~/utils/db.server'
import { checkDeletionConfirmation, deleteAccount, MainAdminError } from './account-deletion.server'
import { avatarKey } from './avatar.server'
import { avatarUrlFor } from './avatar-url'
import { hashPassword } from '~/auth/password.server'
import { settingsMessages } from './settings'

const fileId = () => randomBytes(16).toString('base64url')

let users = 0
/** Each seeded user's e-mail: invitations point at an account by address too. */
const emailOf = new Map<string, string>()
/** A user with at least one row in every table that can point at a user, and two files. */
async function seedUser(email = `borrar-${++users}@frasea.test`) {
	const avatarId = fileId()
	const avatarFile = await putStoredFile(avatarKey(avatarId), 'imagen')
	const user = await prisma.profile.create({
		data: { name: 'Borrar', email, avatarUrl: avatarUrlFor(avatarId) },
	})
	const userId = user.id
	emailOf.set(userId, email)
	const later = new Date(Date.now() + 60 * 60 * 1000)
	await prisma.password.create({ data: { userId, hash: await hashPassword('clave secreta 1') } })
	await prisma.session.create({ data: { id: `s-${userId}`, userId, expiresAt: later } })
	await prisma.connection.create({
		data: { userId, providerName: 'google', providerId: `g-${userId}` },
	})
	await prisma.passwordReset.create({
		data: { userId, tokenHash: `r-${userId}`, expiresAt: later },
	})
	await prisma.emailVerification.create({
		data: { userId, tokenHash: `v-${userId}`, expiresAt: later },
	})
	await prisma.userSettings.create({ data: { userId, saveHistory: false } })
	await prisma.brand.create({ data: { userId, handle: '@borrar', useDesign: true } })
	await prisma.advancedSettings.create({ data: { userId, temperature: 0.2 } })
	await prisma.phrase.create({ data: { userId, content: 'Guardada' } })
	const uploadId = fileId()
	const uploadFile = await putStoredFile(uploadKey(uploadId), 'imagen')
	await prisma.upload.create({
		data: {
			id: uploadId,
			userId,
			kind: 'background',
			mimeType: 'image/jpeg',
			width: 10,
			height: 10,
			bytes: 6,
			fileName: 'fondo.jpg',
		},
	})
	const batch = await prisma.generationBatch.create({
		data: {
			id: fileId(),
			page: 'home',
			userId,
			prompt: 'el mar',
			settings: '{}',
			provider: 'offline',
			model: 'offline',
			phrases: { create: [{ position: 0, content: 'Generada' }] },
		},
	})
	await prisma.historyPhrase.create({
		data: { userId, content: 'Generada', batchId: batch.id },
	})
	await prisma.phraseLike.create({
		data: {
			batchId: batch.id,
			position: 0,
			page: 'home',
			provider: 'offline',
			model: 'offline',
			phraseType: 'motivacionales',
			language: 'es',
		},
	})
	await prisma.generationEvent.create({
		data: {
			page: 'home',
			provider: 'offline',
			model: 'offline',
			latencyMs: 5,
			outcome: 'success',
			userId,
		},
	})
	await prisma.auditLog.create({ data: { actorId: userId, action: 'phrase.saved' } })
	await prisma.auditLog.create({ data: { actorId: userId, action: 'admin.tool_created' } })
	await prisma.generationQuota.create({ data: { subject: `user:${userId}`, day: '2026-11-23' } })
	await prisma.invitation.create({
		data: {
			email: `invitada-${userId}@frasea.test`,
			tokenHash: `i-${userId}`,
			invitedById: userId,
			expiresAt: later,
		},
	})
	await prisma.invitation.create({
		data: { email, tokenHash: `i2-${userId}`, expiresAt: later },
	})
	await prisma.twoFactor.create({ data: { userId, secret: 'v1.cifrado', enabledAt: new Date() } })
	await prisma.recoveryCode.create({ data: { userId, codeHash: `c-${userId}` } })
	await prisma.pendingSignIn.create({
		data: { id: `p-${userId}`, userId, method: 'password', expiresAt: later },
	})
	await prisma.emailSignInCode.create({
		data: { email, codeHash: 'x', linkTokenHash: `e-${userId}`, expiresAt: later },
	})
	// Mail waiting for the account, and mail to its address that names no account (an
	// invitation sent before it registered); an announcement it sent as an admin.
	const mail = { kind: 'security_notice', toAddress: email, nextAttemptAt: later, giveUpAt: later }
	await prisma.mailOutbox.create({ data: { ...mail, userId, message: 'v1.cifrado' } })
	await prisma.mailOutbox.create({ data: { ...mail, kind: 'invitation', message: 'v1.cifrado' } })
	await prisma.announcement.create({
		data: {
			subject: 'Novedades',
			body: 'Texto',
			audience: 'new_features',
			requestKey: `a-${userId}`,
			createdById: userId,
		},
	})
	return { userId, email, batchId: batch.id, files: [avatarFile, uploadFile] }
}

/** How many rows of each model point at the user (by every relation the schema has). */
async function rowsOf(userId: string, batchId: string) {
	return {
		Profile: await prisma.profile.count({ where: { id: userId } }),
		Password: await prisma.password.count({ where: { userId } }),
		Session: await prisma.session.count({ where: { userId } }),
		Connection: await prisma.connection.count({ where: { userId } }),
		PasswordReset: await prisma.passwordReset.count({ where: { userId } }),
		EmailVerification: await prisma.emailVerification.count({ where: { userId } }),
		UserSettings: await prisma.userSettings.count({ where: { userId } }),
		Brand: await prisma.brand.count({ where: { userId } }),
		AdvancedSettings: await prisma.advancedSettings.count({ where: { userId } }),
		Phrase: await prisma.phrase.count({ where: { userId } }),
		HistoryPhrase: await prisma.historyPhrase.count({ where: { userId } }),
		Upload: await prisma.upload.count({ where: { userId } }),
		GenerationBatch: await prisma.generationBatch.count({ where: { userId } }),
		GenerationPhrase: await prisma.generationPhrase.count({ where: { batchId } }),
		PhraseLike: await prisma.phraseLike.count({ where: { batchId } }),
		GenerationEvent: await prisma.generationEvent.count({ where: { userId } }),
		AuditLog: await prisma.auditLog.count({ where: { actorId: userId } }),
		GenerationQuota: await prisma.generationQuota.count({ where: { subject: `user:${userId}` } }),
		Invitation: await prisma.invitation.count({
			where: { OR: [{ invitedById: userId }, { email: emailOf.get(userId) ?? '-' }] },
		}),
		TwoFactor: await prisma.twoFactor.count({ where: { userId } }),
		RecoveryCode: await prisma.recoveryCode.count({ where: { userId } }),
		PendingSignIn: await prisma.pendingSignIn.count({ where: { userId } }),
		EmailSignInCode: await prisma.emailSignInCode.count({
			where: { email: emailOf.get(userId) ?? '-' },
		}),
		MailOutbox: await prisma.mailOutbox.count({
			where: { OR: [{ userId }, { toAddress: emailOf.get(userId) ?? '-' }] },
		}),
		Announcement: await prisma.announcement.count({ where: { createdById: userId } }),
	}
}

test('the test covers every model that points at a user', () => {
	const schema = readFileSync(path.resolve('prisma/schema.prisma'), 'utf8')
	const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)]
	const pointing = models
		.filter(([, , body]) => /^\s+\w+\s+(Profile|GenerationBatch)\??\s+@relation/m.test(body ?? ''))
		.map(([, name]) => name)
	const covered = Object.keys({
		Profile: 0,
		...Object.fromEntries(pointing.map((name) => [name, 0])),
	})
	return rowsOf('x', 'x').then((rows) => {
		// Rows that name the user without a relation: their quota counter and sign-in codes.
		expect(new Set(Object.keys(rows))).toEqual(
			new Set([...covered, 'GenerationQuota', 'EmailSignInCode']),
		)
	})
})

test('every row and file of the user goes; other users keep theirs', async () => {
	const doomed = await seedUser()
	const kept = await seedUser()
	const keptBefore = await rowsOf(kept.userId, kept.batchId)
	const likesBefore = await prisma.phraseLike.count()
	const eventsBefore = await prisma.generationEvent.count()

	expect(await deleteAccount(doomed.userId)).toBe(true)

	const after = await rowsOf(doomed.userId, doomed.batchId)
	for (const [model, count] of Object.entries(after)) {
		expect({ model, count }).toEqual({ model, count: 0 })
	}
	for (const file of doomed.files) expect(await storedFileExists(file), file).toBe(false)
	// Anonymous statistics stay, without the user: 'Me Gusta' counts and provider calls.
	expect(await prisma.phraseLike.count()).toBe(likesBefore)
	expect(await prisma.generationEvent.count()).toBe(eventsBefore)
	// The user's own activity went; an admin-style trail row stays without its actor.
	expect(await prisma.auditLog.count({ where: { actorId: null, action: 'phrase.saved' } })).toBe(0)
	expect(
		await prisma.auditLog.count({ where: { actorId: null, action: 'admin.tool_created' } }),
	).toBe(1)

	// An announcement the user sent as an admin stays, without its author.
	expect(
		await prisma.announcement.findUnique({
			where: { requestKey: `a-${doomed.userId}` },
			select: { createdById: true },
		}),
	).toEqual({ createdById: null })
	// An invitation the user sent as an admin stays valid, without its sender.
	expect(
		await prisma.invitation.findUnique({
			where: { tokenHash: `i-${doomed.userId}` },
			select: { invitedById: true },
		}),
	).toEqual({ invitedById: null })

	expect(await rowsOf(kept.userId, kept.batchId)).toEqual(keptBefore)
	for (const file of kept.files) expect(await storedFileExists(file), file).toBe(true)
	expect(await deleteAccount(doomed.userId)).toBe(false)
})

test('the main admin account (ADMIN_EMAIL, any case) cannot be deleted', async () => {
	const admin = await seedUser('Jefa@Frasea.test')
	await expect(deleteAccount(admin.userId)).rejects.toBeInstanceOf(MainAdminError)
	expect(await prisma.profile.count({ where: { id: admin.userId } })).toBe(1)
	for (const file of admin.files) expect(await storedFileExists(file)).toBe(true)
	expect(
		await checkDeletionConfirmation(
			{ id: admin.userId, email: admin.email },
			{ email: admin.email, password: 'clave secreta 1' },
		),
	).toEqual({ ok: false, field: 'form', message: settingsMessages.mainAdmin, status: 403 })
})

test('the confirmation needs the account’s e-mail and, for password accounts, its password', async () => {
	const user = await seedUser()
	const who = { id: user.userId, email: user.email }
	expect(await checkDeletionConfirmation(who, { email: 'otra@frasea.test' })).toMatchObject({
		ok: false,
		field: 'email',
		message: settingsMessages.emailMismatch,
	})
	expect(await checkDeletionConfirmation(who, { email: user.email })).toMatchObject({
		field: 'password',
		message: settingsMessages.passwordRequired,
	})
	expect(
		await checkDeletionConfirmation(who, { email: user.email, password: 'otra clave' }),
	).toMatchObject({ field: 'password', message: settingsMessages.passwordWrong })
	expect(
		await checkDeletionConfirmation(who, {
			email: user.email.toUpperCase(),
			password: 'clave secreta 1',
		}),
	).toEqual({ ok: true })
	// An account made with Google has no password: the e-mail is enough.
	await prisma.password.delete({ where: { userId: user.userId } })
	expect(await checkDeletionConfirmation(who, { email: user.email })).toEqual({ ok: true })
})

test('password guesses on the deletion form are capped', async () => {
	const user = await seedUser()
	const who = { id: user.userId, email: user.email }
	for (let i = 0; i < 5; i++) {
		await checkDeletionConfirmation(who, { email: user.email, password: `mal ${i}` })
	}
	expect(
		await checkDeletionConfirmation(who, { email: user.email, password: 'clave secreta 1' }),
	).toMatchObject({ ok: false, status: 429, message: settingsMessages.tooManyAttempts })
})
