/**
 * Every post to a generator page: a card action (named in the query), or one of the
 * generator form's intents.
 */
import { cardAction } from './card-actions.server'
import { readGeneratorForm } from './form.server'
import { generate } from './generate-action.server'
import { type GeneratorContext } from './loader.server'
import { type Page } from './pages'
import { savePhrase, setPlatform, updatePhrase } from './phrase-actions.server'

export async function generatorAction(page: Page, request: Request, context: GeneratorContext) {
	const card = cardAction(page, request, context?.clientAddress)
	if (card) return card
	const { formData, oversize } = await readGeneratorForm(request)
	const intent = formData.get('intent')
	switch (intent) {
		case 'generate':
			return generate(page, request, formData, oversize, context?.clientAddress)
		case 'update-phrase':
			return updatePhrase(page, request, formData)
		case 'save-phrase':
		case 'save-all':
			return savePhrase(page, request, formData, intent)
		case 'set-platform':
			return setPlatform(page, request, formData)
		default:
			throw new Response('Acción no válida', { status: 400 })
	}
}
