/**
 * The embedded default provider: no network, no key. Composes phrases from the template
 * bank in app/generation/offline/ and answers like a model would, one phrase per line,
 * so the output goes through the same cleaning as any other provider's.
 */
import { createBrief } from '../brief'
import { composePhrases, seededRandom, type Random } from '../offline/compose'
import { DEFAULT_TIME_ZONE } from '../options'
import { type TextProvider } from './types'

const OFFLINE_MODEL = 'frasea-offline-1'

export function createOfflineProvider(options: { seed?: number } = {}): TextProvider {
	// A seeded provider is reproducible across calls (tests); otherwise each call varies.
	const shared: Random | undefined =
		options.seed === undefined ? undefined : seededRandom(options.seed)
	return {
		id: 'offline',
		model: OFFLINE_MODEL,
		async generate({ brief, instruction }) {
			const random = shared ?? seededRandom(Math.floor(Math.random() * 2 ** 32))
			const resolved =
				brief ??
				// Called without a brief (not through generatePhrases): a general Spanish batch.
				createBrief(
					'home',
					{
						prompt: instruction.slice(0, 60),
						count: 4,
						language: 'español es',
						type: '',
						length: 25,
						includeEmojis: false,
						includeHashtags: false,
						includeDate: false,
					},
					{ now: new Date(), timeZone: DEFAULT_TIME_ZONE },
				)
			return composePhrases(resolved, random)
				.map((phrase) => phrase.text)
				.join('\n')
		},
	}
}
