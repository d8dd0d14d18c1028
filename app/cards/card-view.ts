import { type CardState } from './params'

/*
 * What a generator page's loader sends for its cards (built by generator-cards.server.ts),
 * shared with the card components.
 */

/** One card as the page shows it; everything the component needs, already computed. */
export interface CardView {
	/** The phrase's number (1-based): its card parameters are `c{number}.*`. */
	number: number
	position: number
	state: CardState
	/** Spanish reasons for card parameters that were ignored. */
	errors: string[]
	liked: boolean
	editorOpen: boolean
	uploadOpen: boolean
	image: {
		src: string
		srcSet: string
		/** Preview box (CSS pixels at 1×) keeping the platform's aspect. */
		width: number
		height: number
		download: string
		zip: string
		/** The background alone for the browser canvas (null: drawn by the browser). */
		background: string | null
	}
	links: {
		newBackground: string
		openEditor: string
		closeEditor: string
		openUpload: string
		closeUpload: string
	}
	forms: {
		/** The GET forms' target and their hidden `volver` (the page to come back to). */
		apply: string
		back: string
		/** POST targets (the page's own action). */
		upload: string
		remove: string
		like: string
	}
}

export interface CardsData {
	items: CardView[]
}

export interface CardActionData {
	cardError: { number: number; message: string }
}
