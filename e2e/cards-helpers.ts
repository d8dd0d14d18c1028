import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Page } from '@playwright/test'
import { signCardPath } from '../app/cards/url-signature.server'
import { expect, expectHydration } from './fixtures'

/**
 * Generates two phrases on the home page and returns the first card, ready. `settings`
 * picks a phrase type and a language other than the defaults.
 */
export async function generate(
	page: Page,
	visit: (path: string) => Promise<void>,
	js: boolean,
	settings: { type?: string; language?: string } = {},
) {
	await visit('/')
	await page.getByLabel('¿Sobre qué quieres tus frases?').fill('la calma del mar')
	if (settings.type) await page.getByLabel('Tipo de frase').selectOption(settings.type)
	if (settings.language) await page.getByLabel('Idioma').selectOption(settings.language)
	await page.getByLabel('Número de frases').selectOption('2')
	await page.getByRole('button', { name: 'Generar Frases' }).click()
	await expect(page).toHaveURL(/\?lote=[\w-]+#generated-phrases$/)
	await expectHydration(page, js)
	const card = page.getByTestId('phrase-card').first()
	await expect(card).toBeVisible()
	if (js) await expect(card).toHaveAttribute('data-status', 'ready')
	return card
}

/*
 * The card routes render only URLs their pages signed. Tests that must ask for a URL no
 * page writes (a bad parameter, hundreds of seeds) sign it as the server does, with the
 * session secret the app generated in the e2e data folder (scripts/e2e-server.mjs).
 */

const dataDir = path.resolve(`.cache/e2e-data-${process.env.E2E_PORT ?? 3999}`)

export function e2eSessionSecret(): string {
	const file = path.join(dataDir, 'session-secret')
	try {
		return readFileSync(file, 'utf8').trim()
	} catch {
		throw new Error(`No session secret at ${file}: has the e2e server served a page yet?`)
	}
}

/** `/tarjetas/…?{query}` with a valid `firma`, as a page of the app would write it. */
export function signedCardPath(pathAndQuery: string): string {
	const url = new URL(pathAndQuery, 'http://x')
	return signCardPath(url.pathname, url.searchParams, e2eSessionSecret())
}
