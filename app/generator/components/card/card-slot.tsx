import { lazy, memo, Suspense } from 'react'
import { type CardActionData, type CardView } from '../../view'
import { PhraseCard as ServerPhraseCard } from './phrase-card'

/*
 * The card's code stays out of the page's first load (the home page's JavaScript budget):
 * the server renders it directly, and the browser fetches its chunk only when a batch with
 * cards is on screen. Until the chunk arrives React keeps the server's HTML, which works
 * on its own (links and forms), and hydrates it afterwards.
 */
const PhraseCard = import.meta.env.SSR
	? ServerPhraseCard
	: lazy(() => import('./phrase-card').then((module) => ({ default: module.PhraseCard })))

/**
 * The image card under a phrase. memo: a parent re-render with the same card must not
 * touch the boundary before it has hydrated (React would then drop the server HTML and
 * render the fallback); the loader's card objects keep their identity until it reloads.
 */
export const CardSlot = memo(function CardSlot({
	card,
	error,
}: {
	card: CardView | undefined
	/** A card action's refusal; shown when it is this card's. */
	error: CardActionData['cardError'] | null
}) {
	if (!card) return null
	return (
		<Suspense fallback={null}>
			<PhraseCard card={card} error={error?.number === card.number ? error.message : null} />
		</Suspense>
	)
})
