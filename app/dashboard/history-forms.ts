/** The `intent` value of each form on the history page. */
export const HISTORY_INTENT = { save: 'guardar', delete: 'eliminar' } as const
