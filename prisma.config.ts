import { defineConfig } from 'prisma/config'
import { getEnv } from './app/utils/env.server'

// Prisma 7 reads the datasource URL from here. The app and our migration scripts take it
// from getEnv() too, so DATABASE_URL / DATA_DIR mean the same thing everywhere.
export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: {
		path: 'prisma/migrations',
		seed: 'tsx prisma/seed.ts',
	},
	datasource: {
		url: getEnv().databaseUrl,
	},
})
