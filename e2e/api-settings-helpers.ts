/** Steps on Configuración API's API Key tab that several admin specs take. */
import { type Page } from '@playwright/test'
import { closeToast, toast } from './auth-helpers'
import { expect } from './fixtures'

/**
 * Gemini chosen, then its address saved. The address save answers with the provider
 * save's toast text, so what proves it is the address in force, which the field's hint
 * shows only once it is saved.
 */
export async function chooseGeminiAt(page: Page, address: string) {
	await page.getByRole('radio', { name: 'Gemini (Google)' }).check()
	await page.getByRole('button', { name: 'Guardar proveedor' }).click()
	await expect(toast(page, 'Configuración guardada correctamente')).toBeAttached()
	await closeToast(page, 'Configuración guardada correctamente')
	const field = page.getByLabel('Dirección de la API (opcional)')
	await field.fill(address)
	await page.getByRole('button', { name: 'Guardar dirección' }).click()
	await expect(page.locator(`#${await field.getAttribute('id')}-hint`)).toHaveText(
		`Vacía: la del entorno o la predeterminada. En uso: ${address} (guardado en el panel).`,
	)
}

/** Gemini's key, which belongs to the Gemini address in force when it is saved. */
export async function saveGeminiKey(page: Page, key: string) {
	await page.getByLabel('API Key', { exact: true }).fill(key)
	await page.getByRole('button', { name: 'Guardar API Key' }).click()
	await expect(toast(page, 'API Key guardada correctamente')).toBeAttached()
}
