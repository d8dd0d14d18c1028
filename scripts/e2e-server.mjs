// Starts the built app for the end-to-end tests on loopback, on a brand-new data folder
// (database, secrets, uploads), so every Playwright run begins from a fresh database.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'

const port = process.env.E2E_PORT ?? '3999'
const buildDir = process.env.BUILD_DIR ?? 'build'
const dataDir = path.resolve(`.cache/e2e-data-${port}`)
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })

const child = spawn(
	process.execPath,
	['node_modules/@remix-run/serve/dist/cli.js', `${buildDir}/server/index.js`],
	{
		stdio: 'inherit',
		env: {
			...process.env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: port,
			DATA_DIR: dataDir,
			DATABASE_URL: `file:${path.join(dataDir, 'frasea.db')}`,
			ADMIN_EMAIL: 'admin@frasea.test',
		},
	},
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
