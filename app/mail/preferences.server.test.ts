/**
 * Unsubscribing through /baja turns one switch off and changes nothing else: an account
 * that never saved its settings keeps the look the site had for it (the header switch's
 * cookie, else the system's), although the switch needs a settings row.
 */
import { expect, test } from 'vitest'
import { routeAnswer } from '../../tests/support/route-answer'
import { DEFAULT_SETTINGS } from '~/dashboard/settings'
import { action } from '~/routes/baja'
import { prisma } from '~/utils/db.server'
import { getAppearance, setTheme } from '~/utils/theme.server'
import { type Topic } from './topics'
import { unsubscribeToken } from './unsubscribe.server'

let serial = 0
const newUser = () =>
	prisma.profile.create({
		data: { name: 'Lectora', email: `lectora${++serial}@frasea.test`, emailVerifiedAt: new Date() },
		select: { id: true },
	})

/** The cookie the header's theme switch leaves in a browser. */
const themeCookie = async (theme: 'light' | 'dark') => (await setTheme(theme)).split(';')[0] ?? ''

/** A POST to the mail's link: the page's button (with the browser's cookies) or a mail client's. */
async function unsubscribe(userId: string, topic: Topic, cookie?: string) {
	const request = new Request(
		`http://localhost/baja?${new URLSearchParams({ t: unsubscribeToken(userId, topic) })}`,
		{
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				...(cookie ? { cookie } : {}),
			},
			body: 'List-Unsubscribe=One-Click',
		},
	)
	const answer = await routeAnswer(
		await action({
			request,
			params: {},
			context: { clientAddress: '127.0.0.1', protocol: 'http' },
		}),
	)
	expect(answer).toMatchObject({ status: 200, body: { done: true } })
}

const page = (cookie?: string) =>
	new Request('http://localhost/', { headers: cookie ? { cookie } : {} })

test("unsubscribing on the page keeps the theme the browser's switch chose", async () => {
	const { id } = await newUser()
	const dark = await themeCookie('dark')
	expect((await getAppearance(page(dark), id)).theme).toBe('dark')
	await unsubscribe(id, 'tips', dark)
	expect(await getAppearance(page(dark), id)).toEqual({
		theme: 'dark',
		fontSize: 'medium',
		reducedMotion: false,
	})
	// That one switch, and every other setting as the account had it.
	expect(
		await prisma.userSettings.findUniqueOrThrow({
			where: { userId: id },
			select: {
				notifyNewFeatures: true,
				notifyTips: true,
				notifyActivity: true,
				notifyEmail: true,
				saveHistory: true,
				analytics: true,
			},
		}),
	).toEqual({
		notifyNewFeatures: DEFAULT_SETTINGS.notifyNewFeatures,
		notifyTips: false,
		notifyActivity: DEFAULT_SETTINGS.notifyActivity,
		notifyEmail: DEFAULT_SETTINGS.notifyEmail,
		saveHistory: DEFAULT_SETTINGS.saveHistory,
		analytics: DEFAULT_SETTINGS.analytics,
	})
})

test("a mail client's one click, with no cookies, imposes no theme: the system's stays", async () => {
	const { id } = await newUser()
	expect((await getAppearance(page(), id)).theme).toBeNull()
	await unsubscribe(id, 'new_features')
	expect(await getAppearance(page(), id)).toEqual({
		theme: null,
		fontSize: 'medium',
		reducedMotion: false,
	})
	expect(
		await prisma.userSettings.findUniqueOrThrow({
			where: { userId: id },
			select: { notifyNewFeatures: true },
		}),
	).toEqual({ notifyNewFeatures: false })
})

test('an account that saved its settings keeps them all but the switch turned off', async () => {
	const { id } = await newUser()
	await prisma.userSettings.create({
		data: { ...DEFAULT_SETTINGS, userId: id, theme: 'dark', notifyTips: true, fontSize: 'large' },
	})
	// Even from a browser whose switch says otherwise: the saved theme is the account's.
	await unsubscribe(id, 'tips', await themeCookie('light'))
	expect(
		await prisma.userSettings.findUniqueOrThrow({
			where: { userId: id },
			select: { theme: true, fontSize: true, notifyTips: true, notifyNewFeatures: true },
		}),
	).toEqual({ theme: 'dark', fontSize: 'large', notifyTips: false, notifyNewFeatures: true })
})
