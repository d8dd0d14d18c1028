/** Steps on Configuración API's API Key tab that several admin specs take. */
import { type Page } from '@playwright/test'
import { closeToast, toast } from './auth-helpers'
import { expect } from './fixtures'

/**
 * Gemini chosen, then its address saved. The save's answer is a redirect to a new page of
 * the tab, whose forms start afresh: until that page is shown, anything typed into another
 * form is wiped when it arrives. Its toast (the provider save's text again, hence the first
 * one closed) proves it is shown; the field's hint proves the address is in force (an
 * earlier test may have saved the same one, so the hint alone proves nothing new).
 */
export async function chooseGeminiAt(page: Page, address: string) {
	await page.getByRole('radio', { name: 'Gemini (Google)' }).check()
	await page.getByRole('button', { name: 'Guardar proveedor' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await closeToast(page, 'Configuración guardada correctamente')
	const field = page.getByLabel('Dirección de la API (opcional)')
	await field.fill(address)
	const saved = formAnswer(page, 'direccion-gemini')
	await page.getByRole('button', { name: 'Guardar dirección' }).click()
	await saved
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await expect(page.locator(`#${await field.getAttribute('id')}-hint`)).toHaveText(
		`Vacía: la del entorno o la predeterminada. En uso: ${address} (guardado en el panel).`,
	)
}

/** Gemini's key, which belongs to the Gemini address in force when it is saved. */
export async function saveGeminiKey(page: Page, key: string) {
	await page.getByLabel('API Key', { exact: true }).fill(key)
	const saved = formAnswer(page, 'clave-gemini')
	await page.getByRole('button', { name: 'Guardar API Key' }).click()
	await saved
	await expect(toast(page, 'API Key guardada correctamente')).toBeAttached()
}

/**
 * The server's answer to one of the tab's forms, by its intent. Waiting for it, and not
 * only for what the page shows next, lets a busy server take its time, and keeps a later
 * form from being sent while this one's answer (and its toast cookie) is still on the way.
 */
function formAnswer(page: Page, intent: string) {
	return page.waitForResponse(
		(response) =>
			response.request().method() === 'POST' &&
			// Either encoding: urlencoded, or multipart's named part.
			new RegExp(`intent(=|"\\r\\n\\r\\n)${intent}(&|\\r|$)`).test(
				response.request().postData() ?? '',
			),
		{ timeout: 30_000 },
	)
}
