import { memo, useEffect } from 'react'
import { type AdsConfig } from './config'
import { adSlotMessages as m } from './slot-messages'

/**
 * The home page's ad slot, at the very end of the page (below the generator and the
 * marketing sections), so it can never move anything above it. The server renders a box of
 * fixed height with the ad unit's `<ins>`; once React has hydrated, the ads script is
 * loaded lazily and asked for an ad. Nothing at all when ads are off.
 */
export const AdSlot = memo(function AdSlot({ config }: { config: AdsConfig | null }) {
	useEffect(() => {
		if (!config) return
		let cancel: (() => void) | undefined
		let unmounted = false
		import('./load-ad.client')
			.then(({ requestAd }) => {
				if (!unmounted) cancel = requestAd(config.client)
			})
			.catch((error: unknown) => console.warn('Ads: the ad loader could not be loaded', error))
		return () => {
			unmounted = true
			cancel?.()
		}
	}, [config])

	if (!config) return null
	return (
		<div className="mx-auto max-w-6xl px-4 py-10" data-testid="publicidad">
			<p className="mb-2 text-center text-xs font-medium tracking-wide text-gray-600 uppercase dark:text-gray-400">
				{m.label}
			</p>
			{/* The ad's height is reserved before it arrives: nothing shifts when it does. */}
			<div className="min-h-[280px] overflow-hidden rounded-lg bg-gray-50 dark:bg-gray-900/60">
				<ins
					className="adsbygoogle block"
					data-ad-client={config.client}
					data-ad-slot={config.slot}
					data-ad-format="auto"
					data-full-width-responsive="true"
				/>
			</div>
		</div>
	)
})
