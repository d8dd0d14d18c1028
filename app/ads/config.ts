import { createContext, useContext } from 'react'

/**
 * The ad slot's configuration for one document: present only when ads are on (an admin
 * switched them on, and a publisher client id and a slot id are known). Both ids are public
 * (they appear in the page's markup anyway); nothing secret travels with them.
 */
export interface AdsConfig {
	/** Publisher id, `ca-pub-…`. */
	client: string
	/** Ad unit (slot) id, digits. */
	slot: string
}

/**
 * The server decides once per document (app/entry.server.tsx provides this context) and
 * writes the result onto `<html>` (root.tsx); the browser reads it back from there, so
 * hydration renders exactly what the server did and no data request ever reads the
 * setting again. Client-side navigations keep the document's choice, as they keep its CSP.
 */
const AdsContext = createContext<AdsConfig | null>(null)
export const AdsProvider = AdsContext.Provider

/** The `<html>` attributes that carry the document's ads configuration to the browser. */
export function adsDocumentAttributes(config: AdsConfig | null) {
	return config ? { 'data-ads-client': config.client, 'data-ads-slot': config.slot } : {}
}

let fromDocument: AdsConfig | null | undefined

function readFromDocument(): AdsConfig | null {
	if (fromDocument === undefined) {
		const { adsClient, adsSlot } = document.documentElement.dataset
		fromDocument = adsClient && adsSlot ? { client: adsClient, slot: adsSlot } : null
	}
	return fromDocument
}

/** This document's ads configuration, or null when ads are off. */
export function useAdsConfig(): AdsConfig | null {
	const fromServer = useContext(AdsContext)
	return typeof document === 'undefined' ? fromServer : readFromDocument()
}

/** What the root route hands its child routes (`useOutletContext`): this document's ads. */
export interface AdsOutletContext {
	ads: AdsConfig | null
}
