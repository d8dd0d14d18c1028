import { createUser, signInAs, sqlGet, toast } from './auth-helpers'
import { expect, fromOurPages, test } from './fixtures'

/**
 * The profile's 'Seguridad' tab, with and without JavaScript: the devices signed in to the
 * account, ending one of them, or all but this one; a revoked browser is signed out on its
 * next request, and another account's session cannot be ended from here.
 */

const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const FIREFOX_MAC =
	'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0'

test('lists the devices, ends one, then all the others; they are signed out on their next request', async ({
	page,
	browser,
	login,
	visit,
}) => {
	const user = await login({ name: 'Ana Seguridad' })
	const phone = await browser.newContext()
	await signInAs(phone, user.id, { userAgent: SAFARI_IPHONE })
	const phonePage = await phone.newPage()
	const laptop = await browser.newContext()
	await signInAs(laptop, user.id, { userAgent: FIREFOX_MAC })
	const laptopPage = await laptop.newPage()

	const answer = await page.request.get('/dashboard/perfil?tab=seguridad')
	// A page listing the account's devices is never stored by the browser or a proxy.
	expect(answer.headers()['cache-control']).toBe('no-store')
	await visit('/dashboard/perfil?tab=seguridad')
	const main = page.getByRole('main')
	await expect(main.getByRole('link', { name: 'Seguridad', exact: true })).toHaveAttribute(
		'aria-current',
		'page',
	)
	const devices = main
		.getByRole('list', { name: 'Dispositivos con la sesión iniciada' })
		.getByRole('listitem')
	await expect(devices).toHaveCount(3)
	// This browser first, marked, and with nothing to end it from here.
	await expect(devices.first()).toContainText('Este dispositivo')
	await expect(devices.first().getByRole('button')).toHaveCount(0)
	await expect(main.getByText('Safari en iPhone')).toBeVisible()
	await expect(main.getByText('Firefox en macOS')).toBeVisible()

	await main.getByRole('button', { name: 'Cerrar sesión en Safari en iPhone' }).click()
	await expect(toast(page, 'Sesión cerrada en ese dispositivo')).toBeAttached()
	await expect(page).toHaveURL('/dashboard/perfil?tab=seguridad')
	await expect(devices).toHaveCount(2)
	await expect(main.getByText('Safari en iPhone')).toHaveCount(0)
	await phonePage.goto('/dashboard')
	await expect(phonePage).toHaveURL(/\/login/)
	// The laptop is still in.
	await laptopPage.goto('/dashboard')
	await expect(laptopPage).toHaveURL('/dashboard')

	await main.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click()
	await expect(toast(page, 'Sesión cerrada en 1 dispositivo más')).toBeAttached()
	await expect(devices).toHaveCount(1)
	await expect(main.getByText('Solo tienes la sesión abierta en este dispositivo.')).toBeVisible()
	await laptopPage.goto('/dashboard')
	await expect(laptopPage).toHaveURL(/\/login/)
	// This browser stays signed in.
	await visit('/dashboard')
	await expect(page).toHaveURL('/dashboard')
	await phone.close()
	await laptop.close()
})

test("another account's session cannot be ended: 404, and it stays signed in", async ({
	page,
	browser,
	login,
}) => {
	await login()
	const stranger = await browser.newContext()
	const strangerUser = await createUser()
	await signInAs(stranger, strangerUser.id, { userAgent: SAFARI_IPHONE })
	const row = sqlGet<{ id: string }>('SELECT id FROM sessions WHERE user_id = ?', strangerUser.id)
	expect(row).toBeDefined()

	const response = await page.request.post('/dashboard/perfil?tab=seguridad', {
		headers: fromOurPages,
		form: { intent: 'cerrar-sesion-dispositivo', sessionId: row!.id },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(404)
	expect(await response.text()).toContain('Esa sesión ya no existe o no es de tu cuenta.')
	const strangerPage = await stranger.newPage()
	await strangerPage.goto('/dashboard')
	await expect(strangerPage).toHaveURL('/dashboard')
	await stranger.close()
})
