import { honeypotFieldName } from './honeypot'

/** True when a bot filled the field people never see. */
export function isHoneypotFilled(formData: FormData) {
	const value = formData.get(honeypotFieldName)
	return typeof value === 'string' && value.length > 0
}
