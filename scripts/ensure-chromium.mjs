// Makes sure the browser for the end-to-end tests exists (scripts/chromium-path.mjs says which
// one): when none is there, Debian's headless shell is installed from the distribution's
// packages, if we run as root on Debian.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { chromiumPath } from './chromium-path.mjs'

const candidate = chromiumPath()
if (existsSync(candidate)) process.exit(0)

if (process.env.CHROMIUM_PATH) {
	console.error(`CHROMIUM_PATH points at ${candidate}, which does not exist.`)
	process.exit(1)
}

const isRoot = process.getuid?.() === 0
const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : ''
const isDebianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease)
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0

if (isRoot && isDebianLike && hasApt) {
	console.log(
		'Chromium is missing: installing it from Debian packages (apt-get install chromium-headless-shell)…',
	)
	const run = (args) =>
		spawnSync('apt-get', args, {
			stdio: 'inherit',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		})
	if (
		run(['update', '-qq']).status === 0 &&
		run(['install', '-y', '-qq', 'chromium-headless-shell']).status === 0 &&
		existsSync(candidate)
	) {
		process.exit(0)
	}
	console.error('Installing Chromium with apt-get failed.')
	process.exit(1)
}

console.error(`The end-to-end tests need Chromium and did not find it at ${candidate}.
Install it, then run the tests again:
  - Debian:            sudo apt-get install chromium-headless-shell   (or chromium)
  - Ubuntu:            sudo snap install chromium   (then CHROMIUM_PATH=/snap/bin/chromium)
  - macOS (Homebrew):  brew install --cask chromium  (then CHROMIUM_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium")
Or point CHROMIUM_PATH at any Chromium or Chrome binary.`)
process.exit(1)
