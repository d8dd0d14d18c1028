import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { testEngine } from '../../tests/setup/engine'
import { EnvError, parseEnv } from './env.server'

describe('parseEnv', () => {
	test('an empty environment runs on the embedded defaults', () => {
		const env = parseEnv({})
		expect(env).toMatchObject({
			PORT: 3000,
			IMAGE_PROVIDER: 'procedural',
			GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com',
			GEMINI_MODEL: 'gemini-flash-latest',
			GOOGLE_ISSUER: 'https://accounts.google.com',
			AUTH_RATE_LIMIT: 10,
			GENERATION_DAILY_LIMIT_ANON: 30,
			GENERATION_DAILY_LIMIT_USER: 200,
		})
		expect(env.dataDir).toBe(path.resolve('./data'))
		expect(env.databaseUrl).toBe(`file:${path.resolve('./data/frasea.db')}`)
	})

	test('the database lives under DATA_DIR unless DATABASE_URL says otherwise', () => {
		expect(parseEnv({ DATA_DIR: '/srv/frasea' }).databaseUrl).toBe('file:/srv/frasea/frasea.db')
		expect(parseEnv({ DATA_DIR: '/srv/frasea', DATABASE_URL: 'file:/tmp/x.db' }).databaseUrl).toBe(
			'file:/tmp/x.db',
		)
	})

	test('a PostgreSQL URL selects PostgreSQL, and then both shared secrets are required', () => {
		const secrets = { SESSION_SECRET: 'x'.repeat(32), SECRETS_KEY: 'y'.repeat(32) }
		for (const url of ['postgres://app:pw@db:5432/frasea', 'postgresql://db/frasea']) {
			const env = parseEnv({ DATABASE_URL: url, ...secrets })
			expect(env.databaseUrl).toBe(url)
			expect(env.databaseEngine).toBe('postgresql')
		}
		expect(parseEnv({}).databaseEngine).toBe('sqlite')

		let error: unknown
		try {
			parseEnv({ DATABASE_URL: 'postgres://db/frasea' })
		} catch (caught) {
			error = caught
		}
		expect(error).toBeInstanceOf(EnvError)
		expect((error as EnvError).problems).toEqual([
			expect.stringMatching(/^SESSION_SECRET: is required with a PostgreSQL DATABASE_URL/),
			expect.stringMatching(/^SECRETS_KEY: is required with a PostgreSQL DATABASE_URL/),
		])
	})

	test('empty values count as unset', () => {
		expect(parseEnv({ PORT: '', GEMINI_API_KEY: '', ADMIN_EMAIL: '' })).toMatchObject({
			PORT: 3000,
			GEMINI_API_KEY: undefined,
			ADMIN_EMAIL: undefined,
		})
	})

	test('every bad variable is named in one error', () => {
		let error: unknown
		try {
			parseEnv({
				PORT: 'tres mil',
				DATABASE_URL: 'mysql://db/frasea',
				ADMIN_EMAIL: 'no-es-un-correo',
				IMAGE_PROVIDER: 'dalle',
				GEMINI_BASE_URL: 'ftp://example.com',
				SESSION_SECRET: 'corta',
				GOOGLE_CLIENT_ID: 'solo-el-id',
				AUTH_RATE_LIMIT: '-1',
				SECRETS_KEY: 'corta',
				ADS_CLIENT_ID: 'pub-123',
				UPLOAD_DAILY_LIMIT_IP: '0',
			})
		} catch (caught) {
			error = caught
		}
		expect(error).toBeInstanceOf(EnvError)
		const message = (error as EnvError).message
		for (const name of [
			'PORT',
			'DATABASE_URL',
			'ADMIN_EMAIL',
			'IMAGE_PROVIDER',
			'GEMINI_BASE_URL',
			'SESSION_SECRET',
			'GOOGLE_CLIENT_SECRET',
			'AUTH_RATE_LIMIT',
			'SECRETS_KEY',
			'ADS_CLIENT_ID',
			'UPLOAD_DAILY_LIMIT_IP',
		]) {
			expect(message).toContain(`${name}:`)
		}
		expect((error as EnvError).problems).toHaveLength(11)
	})

	test('APP_URL is the public origin; without it links point at localhost on PORT', () => {
		expect(parseEnv({})).toMatchObject({
			appOrigin: 'http://localhost:3000',
			appUrlConfigured: false,
			secureCookies: false,
			TRUST_PROXY: 0,
			GENERATION_DAILY_LIMIT_IP: 100,
			GENERATION_DAILY_LIMIT_GLOBAL: 0,
			UPLOAD_DAILY_LIMIT_IP: 40,
		})
		expect(parseEnv({ PORT: '8080' }).appOrigin).toBe('http://localhost:8080')
		expect(parseEnv({ APP_URL: 'https://Frasea.example/' })).toMatchObject({
			appOrigin: 'https://frasea.example',
			appUrlConfigured: true,
			secureCookies: true,
		})
		expect(parseEnv({ APP_URL: 'http://192.168.1.20:3000' })).toMatchObject({
			appOrigin: 'http://192.168.1.20:3000',
			secureCookies: false,
		})
	})

	test('APP_URL must be a bare http(s) origin; TRUST_PROXY a small hop count', () => {
		for (const bad of [
			'frasea.example',
			'ftp://frasea.example',
			'https://frasea.example/app',
			'https://frasea.example/?x=1',
			'https://user:pass@frasea.example',
		]) {
			expect(() => parseEnv({ APP_URL: bad }), bad).toThrow(/APP_URL/)
		}
		expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
		for (const bad of ['-1', 'yes', '1.5', '99']) {
			expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
		}
	})

	test('an OpenAI-compatible server needs a model', () => {
		expect(() => parseEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/OPENAI_MODEL/)
	})
})

describe('getSessionSecrets', () => {
	// SQLite only: PostgreSQL requires SESSION_SECRET (tested in parseEnv above) and generates none.
	test.skipIf(testEngine() === 'postgresql')(
		'without SESSION_SECRET one secret is generated once into DATA_DIR and reused',
		async () => {
			const dir = mkdtempSync(path.join(tmpdir(), 'frasea-env-'))
			process.env.DATA_DIR = dir
			delete process.env.SESSION_SECRET
			const { getSessionSecrets } = await import('./env.server')
			const [secret] = getSessionSecrets()
			expect(secret).toMatch(/^[\w-]{40,}$/)
			const file = path.join(dir, 'session-secret')
			expect(readFileSync(file, 'utf8')).toBe(secret)
			expect(statSync(file).mode & 0o777).toBe(0o600)
			expect(getSessionSecrets()).toEqual([secret])
		},
	)

	test.runIf(testEngine() === 'postgresql')(
		'with PostgreSQL a missing SESSION_SECRET stops the app instead of generating one',
		async () => {
			const dir = mkdtempSync(path.join(tmpdir(), 'frasea-env-'))
			process.env.DATA_DIR = dir
			delete process.env.SESSION_SECRET
			const { getSessionSecrets } = await import('./env.server')
			expect(() => getSessionSecrets()).toThrow(EnvError)
			expect(existsSync(path.join(dir, 'session-secret'))).toBe(false)
		},
	)
})
