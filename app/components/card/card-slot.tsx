import { lazy, memo, Suspense } from 'react'
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

// memo: a parent re-render must not touch the boundary before it has hydrated (React would
// then drop the server HTML and render the fallback).
const CardSlot = memo(function CardSlot({ position }: { position: number }) {
	return (
		<Suspense fallback={null}>
			<PhraseCard position={position} />
		</Suspense>
	)
})

/** `renderCard` for GeneratorSection: the image card under each phrase. */
export function renderPhraseCard(phrase: { position: number }) {
	return <CardSlot position={phrase.position} />
}
