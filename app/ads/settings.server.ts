/**
 * The ad slot's settings: saved by an admin on /admin/ads (the `settings` table), with the
 * publisher client id falling back to ADS_CLIENT_ID. Ads are off unless an admin switched
 * them on and both a client id and a slot id are known.
 */
import { type AppLoadContext } from '@remix-run/node'
import { type InForce } from '~/settings/in-force'
import { readSettings, SETTING_KEYS, writeSetting } from '~/settings/store.server'
import { getEnv } from '~/utils/env.server'
import { type AdsConfig } from './config'
import { CLIENT_ID_PATTERN, SLOT_PATTERN } from './form'

export const ADS_KEYS = {
	enabled: SETTING_KEYS.adsEnabled,
	clientId: SETTING_KEYS.adsClientId,
	slot: SETTING_KEYS.adsSlot,
} as const

/** What the enabled switch stores (a missing row is off). */
export const ADS_ENABLED_VALUE = 'true'
export const ADS_DISABLED_VALUE = 'false'

export interface AdsSettings {
	enabled: boolean
	/** The admin's value, else ADS_CLIENT_ID; null when neither is set. */
	clientId: InForce<string | null>
	/** What the admin saved for the client id ('' when nothing: the fallback applies). */
	savedClientId: string
	slot: string | null
}

type Stored = Partial<Record<(typeof ADS_KEYS)[keyof typeof ADS_KEYS], string>>

/** The settings in force from the stored rows and the environment's client id. */
export function resolveAdsSettings(stored: Stored, envClientId: string | undefined): AdsSettings {
	// A stored value that no longer passes the checks counts as not set.
	const saved = stored[ADS_KEYS.clientId]
	const savedClientId = saved && CLIENT_ID_PATTERN.test(saved) ? saved : ''
	const slot = stored[ADS_KEYS.slot]
	return {
		enabled: stored[ADS_KEYS.enabled] === ADS_ENABLED_VALUE,
		clientId: savedClientId
			? { value: savedClientId, source: 'admin' }
			: envClientId
				? { value: envClientId, source: 'env' }
				: { value: null, source: 'default' },
		savedClientId,
		slot: slot && SLOT_PATTERN.test(slot) ? slot : null,
	}
}

/** What the page renders: the slot's ids when ads are on, otherwise null. */
export function adsConfigFrom(settings: AdsSettings): AdsConfig | null {
	const client = settings.clientId.value
	return settings.enabled && client && settings.slot ? { client, slot: settings.slot } : null
}

/** One query for the three settings. */
export async function readAdsSettings(): Promise<AdsSettings> {
	const stored = await readSettings(Object.values(ADS_KEYS))
	return resolveAdsSettings(stored, getEnv().ADS_CLIENT_ID)
}

const perRequest = new WeakMap<AppLoadContext, Promise<AdsSettings>>()

/**
 * The settings for one request, read at most once however many times it is asked for (the
 * load context is one object per request, shared by its loaders and entry.server).
 */
export function adsSettingsFor(context: AppLoadContext): Promise<AdsSettings> {
	let settings = perRequest.get(context)
	if (!settings) {
		settings = readAdsSettings()
		perRequest.set(context, settings)
	}
	return settings
}

/**
 * The ads configuration for a document request (entry.server). A failure to read it is
 * logged and leaves ads off: the page itself must still render.
 */
export async function adsForDocument(context: AppLoadContext | undefined) {
	try {
		return adsConfigFrom(await (context ? adsSettingsFor(context) : readAdsSettings()))
	} catch (error) {
		console.error('Ads settings could not be read; ads stay off for this page', error)
		return null
	}
}

/**
 * Saves the admin's form. Each setting is written (and audited) only when it changes; the
 * switch goes last, so ads are never switched on ahead of the ids they need.
 */
export async function saveAdsSettings(
	value: { enabled: boolean; clientId?: string; slot?: string },
	actorId: string,
) {
	await writeSetting(ADS_KEYS.clientId, value.clientId || null, actorId)
	await writeSetting(ADS_KEYS.slot, value.slot || null, actorId)
	await writeSetting(
		ADS_KEYS.enabled,
		value.enabled ? ADS_ENABLED_VALUE : ADS_DISABLED_VALUE,
		actorId,
	)
}
