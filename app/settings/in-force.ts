/**
 * Where a configuration value in force comes from: saved by an admin (wins), the server's
 * environment, or the built-in default. The admin pages show it next to each value.
 */
export type Source = 'admin' | 'env' | 'default'

export interface InForce<T> {
	value: T
	source: Source
}

export const SOURCE_LABELS: Record<Source, string> = {
	admin: 'guardado en el panel',
	env: 'variable de entorno',
	default: 'valor predeterminado',
}
