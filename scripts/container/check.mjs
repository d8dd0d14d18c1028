// The container check (`npm run test:container`, the last step of `npm test`): builds the
// project's Dockerfile with podman, without any image registry, and runs the image as a
// self-hoster would, under a 512 MB memory limit with a named volume on /data:
// - the image: its size within budget, HEALTHCHECK kept, a non-root user;
// - on SQLite: it starts and migrates, passes its health check, serves the home page,
//   generates with the offline engine, draws a card; its peak memory stays under the limit
//   while it draws ZIPs and cards at once; `podman stop` ends it cleanly within 5 s; a new
//   container on the same volume still shows the batch and serves the old signed card URL;
// - a root-owned host folder on /data stops the start with one line naming the folder,
//   the uid and the chown to run;
// - on PostgreSQL (a throw-away cluster on the host): two containers started together
//   migrate once and serve each other's batch.
// It prints the figures (size, build, start, memory, stop) and writes them to
// .cache/container-check.json.
//
//   node scripts/container/check.mjs                  build (or wait for the prepared build), check
//   node scripts/container/check.mjs prepare          npm test: start the build in the background
//   node scripts/container/check.mjs lower-priority   npm test: from now on it takes only idle CPU
//
// It needs podman, runc and mmdebstrap (Debian packages) and root. Without them it stops
// with one line saying what to install, with status 1 unless CONTAINER_CHECK=optional
// allows skipping; in CI (CI set) it never skips.
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from '../app-process.mjs'
import { startPostgresCluster } from '../postgres-cluster.mjs'
import {
	MEMORY_LIMIT_MB,
	inspect,
	logs,
	memoryCounter,
	removeAll,
	request,
	runContainer,
	startApp,
	stopApp,
} from './app-container.mjs'
import { NODE_VERSION, baseImageTag, dockerfileNodeMajor } from './base-image.mjs'
import {
	buildInBackground,
	imageForCheck,
	imageTag,
	lowerBackgroundPriority,
	startBackgroundBuild,
} from './image-build.mjs'
import { cacheDir, missingTools, podman } from './podman.mjs'

/** The image's budget, base included (podman's decimal megabytes). */
const IMAGE_BUDGET_MB = 500
const MB = 1e6

const [command, ...args] = process.argv.slice(2)
const thisScript = fileURLToPath(import.meta.url)

if (command === 'build-in-background') {
	await buildInBackground(Number(args[0]))
	process.exit(0)
}

const missing = missingTools()
if (missing.length > 0) {
	// The step at the end of npm test says it; the background build just does not start.
	if (command === 'prepare' || command === 'lower-priority') process.exit(0)
	const optional = process.env.CONTAINER_CHECK === 'optional' && !process.env.CI
	const install = missing.some((tool) => !tool.startsWith('root'))
		? ' (Debian: apt-get install --no-install-recommends podman runc mmdebstrap)'
		: ''
	console.error(
		`Container check ${optional ? 'skipped' : 'cannot run'}: it needs ${missing.join(', ')}${install}${optional ? '' : '; CONTAINER_CHECK=optional skips it outside CI'}.`,
	)
	process.exit(optional ? 0 : 1)
}

if (dockerfileNodeMajor() !== NODE_VERSION.split('.')[0]) {
	console.error(
		`The Dockerfile's NODE_IMAGE names Node ${dockerfileNodeMajor()}, the check's base image Node ${NODE_VERSION} (scripts/container/base-image.mjs): make them agree.`,
	)
	process.exit(1)
}

if (command === 'prepare') {
	startBackgroundBuild(process.ppid, thisScript)
	console.log('Container check: building the image in the background meanwhile.')
	process.exit(0)
}
if (command === 'lower-priority') {
	lowerBackgroundPriority()
	process.exit(0)
}

const figures = /** @type {Record<string, any>} */ ({})
const created = { containers: /** @type {string[]} */ ([]), volumes: /** @type {string[]} */ ([]) }
const folders = /** @type {string[]} */ ([])
/** @type {Awaited<ReturnType<typeof startPostgresCluster>> | null} */
let cluster = null
const id = `frasea-check-${process.pid}`
const log = (line) => console.log(line)

/** Runs one check, printing its outcome; a failure stops the run (later ones build on it). */
async function check(description, run) {
	try {
		const detail = await run()
		log(`  ✓ ${description}${detail ? ` (${detail})` : ''}`)
	} catch (error) {
		log(`  ✗ ${description}`)
		throw error
	}
}

/** @param {import('./app-container.mjs').RunningApp} app */
const started = (app) =>
	`healthy ${app.startSeconds.toFixed(1)} s after podman run, ${app.appStartSeconds.toFixed(1)} s after its process started`

function assert(condition, message) {
	if (!condition) throw new Error(message)
}

const container = (suffix) => {
	const name = `${id}-${suffix}`
	created.containers.push(name)
	return name
}
async function volume(suffix) {
	const name = `${id}-${suffix}`
	created.volumes.push(name)
	await podman(['volume', 'create', name])
	return name
}

async function cleanUp() {
	await removeAll(created)
	for (const folder of folders) rmSync(folder, { recursive: true, force: true })
	await cluster?.stop()
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.once(signal, () => void cleanUp().finally(() => process.exit(1)))
}

/**
 * A generation as a visitor's form sends it, then the batch page it lands on: its address,
 * the visitor's cookie, and the signed card and ZIP URLs the page shows.
 */
async function generate(origin, count) {
	const response = await request(`${origin}/?index`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
		body: new URLSearchParams({
			intent: 'generate',
			prompt: 'el mar',
			count: String(count),
			length: '10',
		}),
	})
	assert(
		response.status === 302,
		`the generation answered ${response.status}, not a redirect to its batch`,
	)
	const location = /** @type {string} */ (response.headers.get('location')).replace(/#.*/, '')
	const cookie = response.headers
		.getSetCookie()
		.map((header) => header.split(';')[0])
		.join('; ')
	const page = await request(`${origin}${location}`, { headers: { cookie } })
	const html = await page.text()
	assert(page.status === 200, `the batch page answered ${page.status}`)
	const urls = (pattern) => [
		...new Set([...html.matchAll(pattern)].map((match) => match[0].replaceAll('&amp;', '&'))),
	]
	// Each phrase shows its card at 540 px (with a 1080 px source beside it), a download
	// link to the full-size card and one to the ZIP of every size; taken as the HTML writes
	// them (the hydration data repeats them JSON-escaped).
	const previews = urls(/\/tarjetas\/imagen\.jpg\?[^"\s\\]*ancho=540&amp;firma=[\w-]+/g)
	const downloads = urls(/\/tarjetas\/imagen\.jpg\?[^"\s\\]*descargar=1&amp;firma=[\w-]+/g)
	const zips = urls(/\/tarjetas\/todas\.zip\?[^"\s\\]*firma=[\w-]+/g)
	for (const [links, what] of [
		[previews, 'card'],
		[downloads, 'download'],
		[zips, 'ZIP'],
	]) {
		assert(
			links.length === count,
			`the batch page shows ${links.length} ${what} links for ${count} phrases`,
		)
	}
	return { location, cookie, previews, downloads, zips }
}

/**
 * The batch's page, opened with its visitor's cookie on `origin`, shows its first card, and
 * that card's signed URL draws there.
 * @param {string} origin
 * @param {Awaited<ReturnType<typeof generate>>} batch
 */
async function expectBatch(origin, batch) {
	const page = await request(`${origin}${batch.location}`, { headers: { cookie: batch.cookie } })
	const html = (await page.text()).replaceAll('&amp;', '&')
	assert(page.status === 200, `the batch page answered ${page.status} on ${origin}`)
	assert(html.includes(batch.previews[0]), `the batch page on ${origin} does not show its cards`)
	await expectImage(`${origin}${batch.previews[0]}`, 'jpeg')
}

async function expectImage(url, kind) {
	const response = await request(url)
	const bytes = Buffer.from(await response.arrayBuffer())
	assert(response.status === 200, `${url} answered ${response.status}`)
	const magic = kind === 'jpeg' ? 'ffd8ff' : '504b0304'
	assert(bytes.subarray(0, magic.length / 2).toString('hex') === magic, `${url} is not a ${kind}`)
	return bytes.length
}

async function checkImage() {
	const size = Number(await inspect(imageTag, '{{.Size}}', 'image')) / MB
	const base = Number(await inspect(baseImageTag, '{{.Size}}', 'image')) / MB
	figures.imageMb = Math.round(size)
	figures.baseMb = Math.round(base)
	await check(`the image is at most ${IMAGE_BUDGET_MB} MB`, () => {
		assert(size <= IMAGE_BUDGET_MB, `the image takes ${size.toFixed(0)} MB`)
		return `${size.toFixed(0)} MB: the Node base ${base.toFixed(0)} MB, Frasea ${(size - base).toFixed(0)} MB`
	})
	await check('the image keeps its HEALTHCHECK and runs as the node user', async () => {
		const healthcheck = await inspect(imageTag, '{{json .Config.Healthcheck}}', 'image')
		assert(healthcheck.includes('/healthcheck'), `no health check in the image: ${healthcheck}`)
		const user = await inspect(imageTag, '{{.Config.User}}', 'image')
		assert(user === 'node', `the image runs as "${user}"`)
	})
}

async function checkSqlite() {
	log('SQLite, one container on a named volume:')
	const data = await volume('sqlite')
	const startOnVolume = async (suffix) =>
		startApp({ image: imageTag, name: container(suffix), port: await freePort(), volume: data })
	const first = await startOnVolume('sqlite-1')
	figures.startNewVolume = first
	await check('it starts and applies its migrations', async () => {
		assert((await logs(first.name)).includes('Database: applied'), 'no migration was applied')
		return started(first)
	})
	await check('its health check passes (podman healthcheck run)', async () => {
		const { code, stdout, stderr } = await podman(['healthcheck', 'run', first.name], {
			allowFailure: true,
		})
		assert(code === 0, `podman healthcheck run exited with ${code}: ${stdout}${stderr}`)
	})
	await check('its server runs as uid 1000 and cannot change its own code', async () => {
		const pid = await inspect(first.name, '{{.State.Pid}}')
		const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
		assert(uid === '1000', `the server runs as uid ${uid}`)
		const { code } = await podman(['exec', first.name, 'sh', '-c', 'test -w /app/build'], {
			allowFailure: true,
		})
		assert(code !== 0, '/app/build is writable by the app')
	})
	await check('it serves the home page', async () => {
		const response = await request(`${first.origin}/`)
		const html = await response.text()
		assert(
			response.status === 200 && html.includes('<html lang="es"'),
			`the home page answered ${response.status}`,
		)
	})
	/** @type {Awaited<ReturnType<typeof generate>>} */
	let batch = /** @type {any} */ (null)
	await check('it generates phrases with the offline engine', async () => {
		batch = await generate(first.origin, 4)
		return `${batch.zips.length} phrases`
	})
	await check('it draws a card JPEG', async () => {
		const bytes = await expectImage(`${first.origin}${batch.previews[0]}`, 'jpeg')
		return `${(bytes / 1000).toFixed(0)} kB`
	})
	await check(
		`its peak memory stays under ${MEMORY_LIMIT_MB} MB while it draws 4 ZIPs and 4 cards at once`,
		async () => {
			const counter = await memoryCounter(first.name)
			assert(counter, 'this host shows no memory cgroup counter for the container')
			// Drawing the first card warmed the render workers: what follows is the burst's own peak.
			counter.reset()
			const before = counter.peakMb()
			await Promise.all([
				...batch.zips.map((url) => expectImage(`${first.origin}${url}`, 'zip')),
				...batch.downloads.map((url) => expectImage(`${first.origin}${url}`, 'jpeg')),
			])
			const peak = counter.peakMb()
			figures.memoryBeforeBurstMb = Math.round(before)
			figures.peakMemoryMb = Math.round(peak)
			assert(
				(await inspect(first.name, '{{.State.OOMKilled}}')) === 'false',
				'the kernel killed it for memory',
			)
			assert(peak < MEMORY_LIMIT_MB, `its memory peaked at ${peak.toFixed(0)} MB`)
			return `${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak`
		},
	)
	await check('podman stop ends it within 5 s, with exit status 0', async () => {
		const stop = await stopApp(first.name)
		figures.stopSeconds = stop.seconds
		assert(stop.code === 0, `podman stop exited with ${stop.code}`)
		// Past 5 s podman would have killed it: 137.
		assert(stop.exitCode === 0, `the app exited with ${stop.exitCode}`)
		return `${stop.seconds.toFixed(1)} s`
	})
	await podman(['rm', first.name])
	const second = await startOnVolume('sqlite-2')
	figures.startSameVolume = second
	await check(
		'a new container on the same volume shows the batch and serves its signed card URL',
		async () => {
			await expectBatch(second.origin, batch)
			return started(second)
		},
	)
	await stopApp(second.name)
}

async function checkRootOwnedFolder() {
	log('A host folder owned by root on /data:')
	await check(
		'the start stops with one line naming /data, uid 1000 and the chown to run',
		async () => {
			const folder = mkdtempSync(path.join(cacheDir, 'root-owned-'))
			folders.push(folder)
			chmodSync(folder, 0o755)
			const name = container('root-owned')
			await runContainer({ image: imageTag, name, volume: folder })
			const { stdout } = await Promise.race([
				podman(['wait', name]),
				sleep(180_000).then(() => {
					throw new Error('it is still running after 180 s')
				}),
			])
			const code = Number(stdout.trim())
			const output = await logs(name)
			assert(code !== 0, 'it exited with status 0')
			const lines = output.split('\n')
			assert(lines.length === 1, `it printed ${lines.length} lines:\n${output}`)
			for (const part of [
				'uid 1000 no puede escribir en /data',
				'uid 1000 cannot write to /data',
				'chown -R 1000:1000 /data',
			]) {
				assert(output.includes(part), `its message lacks "${part}":\n${output}`)
			}
			return `exit status ${code}`
		},
	)
}

async function checkPostgres() {
	log('PostgreSQL, two containers sharing a database on the host:')
	cluster = await startPostgresCluster()
	const admin = new pg.Client({ connectionString: cluster.url() })
	await admin.connect()
	await admin.query('CREATE DATABASE frasea_check')
	await admin.end()
	const env = {
		DATABASE_URL: cluster.url('frasea_check'),
		SESSION_SECRET: randomBytes(32).toString('base64url'),
		SECRETS_KEY: randomBytes(32).toString('base64url'),
	}
	// The cluster listens on the host's loopback only: the containers share the host's network.
	const [a, b] = await Promise.all(
		['pg-1', 'pg-2'].map(async (suffix) =>
			startApp({
				image: imageTag,
				name: container(suffix),
				port: await freePort(),
				volume: await volume(suffix),
				env,
				hostNetwork: true,
			}),
		),
	)
	figures.startPostgres = [a, b]
	await check('both start together and the migrations are applied once', async () => {
		const applied = (await Promise.all([logs(a.name), logs(b.name)])).filter((output) =>
			output.includes('Database: applied'),
		)
		assert(applied.length === 1, `${applied.length} containers applied migrations`)
		return `${started(a)}; ${started(b)}`
	})
	await check('a batch generated on one is shown, with its card, by the other', async () => {
		const batch = await generate(a.origin, 2)
		await expectBatch(b.origin, batch)
	})
	await check('both stop cleanly', async () => {
		for (const app of [a, b]) {
			const stop = await stopApp(app.name)
			assert(stop.code === 0 && stop.exitCode === 0, `${app.name} exited with ${stop.exitCode}`)
		}
	})
}

function printFigures() {
	const f = figures
	const s = (seconds) => `${seconds.toFixed(1)} s`
	/** @param {import('./app-container.mjs').RunningApp} app */
	const start = (app) => `${s(app.startSeconds)} (app ${s(app.appStartSeconds)})`
	const base = f.build.baseSeconds ? `, of which the base image ${s(f.build.baseSeconds)}` : ''
	const build =
		f.build.built === 'background'
			? `${s(f.build.seconds)}${base}, in the background while the tests ran; waited ${s(f.build.waited)} for it at the end`
			: `${s(f.build.seconds)}${base}`
	log(`Container check: figures
  image size      ${f.imageMb} MB (the Node ${NODE_VERSION} base ${f.baseMb} MB, Frasea ${f.imageMb - f.baseMb} MB; budget ${IMAGE_BUDGET_MB} MB)
  build           ${build}
  start           podman run to healthy (the app's own part after its process started):
                  SQLite ${start(f.startNewVolume)} on a new volume (migrations applied), ${start(f.startSameVolume)} on the same volume;
                  PostgreSQL ${f.startPostgres.map(start).join(' and ')}, two at once
  peak memory     ${f.peakMemoryMb} MB of ${MEMORY_LIMIT_MB} MB while drawing 4 ZIPs and 4 cards at once (${f.memoryBeforeBurstMb} MB before)
  stop            ${s(f.stopSeconds)} (podman stop, exit status 0)`)
	const startSeconds = (app) => ({ run: app.startSeconds, app: app.appStartSeconds })
	const record = {
		...f,
		startNewVolume: startSeconds(f.startNewVolume),
		startSameVolume: startSeconds(f.startSameVolume),
		startPostgres: f.startPostgres.map(startSeconds),
		at: new Date().toISOString(),
	}
	mkdirSync('.cache', { recursive: true })
	writeFileSync('.cache/container-check.json', `${JSON.stringify(record, null, 2)}\n`)
}

let failed = false
try {
	log('Container check')
	figures.build = await imageForCheck(log)
	await checkImage()
	await checkSqlite()
	await checkRootOwnedFolder()
	await checkPostgres()
	printFigures()
} catch (error) {
	failed = true
	console.error(error instanceof Error ? error.message : error)
	for (const name of created.containers) {
		const output = await logs(name).catch(() => '')
		if (output) console.error(`--- ${name} ---\n${output.slice(-3000)}`)
	}
} finally {
	await cleanUp()
}
process.exit(failed ? 1 : 0)
