import { type MetaDescriptor } from '@remix-run/node'

type PageMeta = { title: string; description: string; path: string; noindex?: boolean }

/**
 * Title, description and Open Graph tags for a page. The canonical link (an absolute URL,
 * so it needs the request's origin) is rendered by the root layout for every page.
 */
export function pageMeta({ title, description, path, noindex }: PageMeta): MetaDescriptor[] {
	const fullTitle = path === '/' ? title : `${title} · Frasea`
	return [
		{ title: fullTitle },
		{ name: 'description', content: description },
		{ property: 'og:title', content: fullTitle },
		{ property: 'og:description', content: description },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:locale', content: 'es_ES' },
		{ property: 'og:site_name', content: 'Frasea' },
		...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
	]
}

/** A JSON-LD script descriptor for Remix's meta export. */
export function jsonLd(value: Record<string, unknown>): MetaDescriptor {
	return { 'script:ld+json': value }
}
