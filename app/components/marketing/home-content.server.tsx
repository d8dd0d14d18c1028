import { renderToStaticMarkup } from 'react-dom/server'
import { Benefits } from './benefits'
import { CallToAction } from './call-to-action'
import { FacebookContent } from './facebook-content'
import { Faq } from './faq'
import { Features } from './features'
import { Hero } from './hero'
import { HowItWorks } from './how-it-works'
import { UseCases } from './use-cases'

let cached: { hero: string; sections: string } | undefined

/**
 * The home page's marketing content is static, so it is rendered to HTML once on the
 * server and never shipped as JavaScript: the browser's script budget goes to the
 * generator, which is interactive.
 */
export function homeMarketingHtml() {
	cached ??= {
		hero: renderToStaticMarkup(<Hero />),
		sections: renderToStaticMarkup(
			<>
				<Features />
				<HowItWorks />
				<Benefits />
				<UseCases />
				<Faq />
				<CallToAction />
			</>,
		),
	}
	return cached
}

let facebook: string | undefined

/** The Facebook page's marketing sections, static like the home page's. */
export function facebookMarketingHtml() {
	facebook ??= renderToStaticMarkup(<FacebookContent />)
	return facebook
}
