// Cuts the production node_modules of the Docker image down to what the server runs. Run in
// the image build after `npm install --omit=dev`, from the app's folder:
//
//   node scripts/slim-node-modules.mjs <file listing the card font files, one a line>
//
// What goes, and why nothing that runs needs it:
// - packages the lockfile marks "devOptional": `prisma` and `typescript` are development
//   dependencies and also optional peers of @prisma/client, so `--omit=dev` keeps their
//   whole trees (the Prisma CLI, its studio, a PGlite, a MySQL driver…). The server runs on
//   the generated clients, the driver adapters and the schema engine in WebAssembly;
// - Prisma's query compilers for the databases Frasea does not run on (it runs SQLite and
//   PostgreSQL) and the "small" builds beside the "fast" ones the generated clients load;
// - better-sqlite3's sources and compiler leftovers: only its compiled addon is loaded;
// - of the @fontsource packages, every file but the card fonts the app registers and
//   serves (one weight, latin and latin-ext, and the colour emoji's .woff subsets) and the
//   licences: the pages' own fonts are in the Vite build already;
// - source maps, TypeScript sources and declarations, and READMEs and changelogs.
// The container check (scripts/container/check.mjs) runs the image on both databases and
// draws cards with every font file: a rule that removes something needed fails there.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

const root = 'node_modules'
const [fontList] = process.argv.slice(2)
if (!fontList || !existsSync(root)) {
	console.error('Usage (in the app folder): node scripts/slim-node-modules.mjs <card font list>')
	process.exit(2)
}

let removedBytes = 0

/** Size of a file or a folder's tree, in bytes. */
function sizeOf(target) {
	const stat = statSync(target, { throwIfNoEntry: false })
	if (!stat) return 0
	if (!stat.isDirectory()) return stat.size
	return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0)
}

function remove(target) {
	removedBytes += sizeOf(target)
	rmSync(target, { recursive: true, force: true })
}

// 1. The devOptional trees, by the lockfile's own flags.
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
let devOptional = 0
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
	if (location && entry.devOptional && existsSync(location)) {
		remove(location)
		devOptional++
	}
}

// 2. Prisma's query compilers: the fast builds for SQLite and PostgreSQL stay.
const prismaRuntime = path.join(root, '@prisma/client/runtime')
for (const name of existsSync(prismaRuntime) ? readdirSync(prismaRuntime) : []) {
	const compiler = /^query_compiler_(\w+)_bg\.(\w+)\./.exec(name)
	if (compiler && (compiler[1] !== 'fast' || !['sqlite', 'postgresql'].includes(compiler[2]))) {
		remove(path.join(prismaRuntime, name))
	} else if (name.startsWith('wasm-compiler-edge.')) {
		remove(path.join(prismaRuntime, name))
	}
}

// 3. better-sqlite3: its JavaScript, its compiled addon, its licence.
const sqlite = path.join(root, 'better-sqlite3')
for (const name of ['deps', 'src', 'binding.gyp']) remove(path.join(sqlite, name))
const release = path.join(sqlite, 'build/Release')
for (const name of existsSync(release) ? readdirSync(release) : []) {
	if (name !== 'better_sqlite3.node') remove(path.join(release, name))
}
for (const name of existsSync(path.join(sqlite, 'build'))
	? readdirSync(path.join(sqlite, 'build'))
	: []) {
	if (name !== 'Release') remove(path.join(sqlite, 'build', name))
}

// 4. The card fonts, by the list the build wrote from the app's font definitions.
const keptFonts = new Set(
	readFileSync(fontList, 'utf8')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.map((specifier) => path.join(root, specifier)),
)
if (keptFonts.size === 0) throw new Error(`${fontList} lists no font file`)
const fontsource = path.join(root, '@fontsource')
for (const pkg of existsSync(fontsource) ? readdirSync(fontsource) : []) {
	const dir = path.join(fontsource, pkg)
	for (const name of readdirSync(dir)) {
		const target = path.join(dir, name)
		if (name === 'files') {
			for (const file of readdirSync(target)) {
				if (!keptFonts.has(path.join(target, file))) remove(path.join(target, file))
			}
		} else if (name !== 'package.json' && !isLicence(name)) {
			remove(target)
		}
	}
}
for (const font of keptFonts) {
	if (!existsSync(font)) throw new Error(`A card font file is missing: ${font}`)
}

// 5. Files no running code reads.
function isLicence(name) {
	return /^(licen[cs]e|copying|notice)/i.test(name)
}
function sweep(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const target = path.join(dir, entry.name)
		if (entry.isDirectory()) sweep(target)
		else if (
			/\.(map|ts|mts|cts)$/.test(entry.name) ||
			(/\.(md|markdown)$/i.test(entry.name) && !isLicence(entry.name))
		) {
			remove(target)
		}
	}
}
sweep(root)
// Commands of packages removed above.
const bin = path.join(root, '.bin')
for (const name of existsSync(bin) ? readdirSync(bin) : []) {
	if (!existsSync(path.join(bin, name))) rmSync(path.join(bin, name))
}

console.log(
	`slim-node-modules: removed ${devOptional} devOptional packages and ${(removedBytes / 1e6).toFixed(0)} MB in all; node_modules is now ${(sizeOf(root) / 1e6).toFixed(0)} MB`,
)
