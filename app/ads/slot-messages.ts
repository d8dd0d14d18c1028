/**
 * The ad slot's own text, apart from the admin page's (messages.ts): the home page's
 * JavaScript then carries this one word, not the admin page's texts in a shared file.
 */
export const adSlotMessages = {
	label: 'Publicidad',
} as const
