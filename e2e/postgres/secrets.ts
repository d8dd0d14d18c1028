/**
 * The secrets every app process on one PostgreSQL database shares (the app refuses to
 * start on PostgreSQL without them): cookies signed by one process open on another.
 */
export const SHARED_SECRETS = {
	SESSION_SECRET: 'e2e-postgres-session-secret-0123456789',
	SECRETS_KEY: 'e2e-postgres-secrets-key-0123456789',
} as const
