import { afterAll } from 'vitest'
import { FAKE_GEMINI_KEY, startFakeGemini } from '../fakes/fake-gemini'

/**
 * For a Vitest file that generates through the app's own provider: a fake Gemini on
 * loopback for the file, and the GEMINI_* variables a self-hoster would set, pointing at it.
 * The provider reads them when its modules load, so the file imports those modules
 * (`await import(...)`) after this call.
 */
export async function fakeGeminiProvider() {
	const gemini = await startFakeGemini()
	afterAll(() => gemini.close())
	process.env.GEMINI_API_KEY = FAKE_GEMINI_KEY
	process.env.GEMINI_BASE_URL = gemini.url
	process.env.GEMINI_MODEL = 'gemini-flash-latest'
	return gemini
}
