/**
 * In-page anchors (`#generador`) in HTML React does not own, such as the static marketing
 * sections, are native fragment navigations. The router sees them as history entries
 * without its key, all sharing one saved scroll position, and restores that position
 * instead of scrolling to the anchor. Once JavaScript runs, such clicks scroll and focus
 * the target themselves and only update the address.
 */
export function enhanceInPageLinks() {
	const onClick = (event: MouseEvent) => {
		if (event.defaultPrevented || event.button !== 0) return
		if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const link = (event.target as Element | null)?.closest?.('a[href^="#"]')
		const id = link?.getAttribute('href')?.slice(1)
		const target = id ? document.getElementById(decodeURIComponent(id)) : null
		if (!target) return
		event.preventDefault()
		history.replaceState(history.state, '', `#${id}`)
		target.scrollIntoView()
		if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
		target.focus({ preventScroll: true })
	}
	document.addEventListener('click', onClick)
	return () => document.removeEventListener('click', onClick)
}
