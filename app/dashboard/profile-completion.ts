/**
 * How complete a profile is, for the dashboard home's "complete your profile" card: which
 * of the fields a user fills in themselves are still empty.
 */
type ProfileFields = {
	name: string
	avatarUrl: string | null
	bio: string | null
	location: string | null
	website: string | null
}

const FIELDS: Array<[keyof ProfileFields, string]> = [
	['name', 'Nombre'],
	['avatarUrl', 'Foto de perfil'],
	['bio', 'Biografía'],
	['location', 'Ubicación'],
	['website', 'Sitio web'],
]

export function profileCompletion(profile: ProfileFields) {
	const missing = FIELDS.filter(([field]) => !profile[field]?.trim()).map(([, label]) => label)
	const percent = Math.round(((FIELDS.length - missing.length) / FIELDS.length) * 100)
	return { percent, missing }
}
