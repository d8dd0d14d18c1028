import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A folder of cached files bounded by total size: when a write takes it past `maxBytes`,
 * the least recently used files are deleted. "Used" is the file's modification time, set
 * on every read (access times are often not kept by the file system), so the order
 * survives a restart; the index is read from the folder on first use.
 *
 * Each process keeps its own index: several processes sharing a folder may overshoot the
 * bound a little until their next write, never grow it without limit.
 */
export class DiskLru {
	/** File name → size; Map order is the recency order, oldest first. */
	private index: Map<string, number> | null = null
	private loading: Promise<Map<string, number>> | null = null
	private total = 0

	constructor(
		readonly dir: string,
		readonly maxBytes: number,
		/** Only files with this ending are the cache's (temporary files are not). */
		readonly suffix = '.img',
	) {}

	get bytes() {
		return this.total
	}

	private async load(): Promise<Map<string, number>> {
		if (this.index) return this.index
		this.loading ??= (async () => {
			const names = await readdir(this.dir).catch(() => [] as string[])
			const files = await Promise.all(
				names
					.filter((name) => name.endsWith(this.suffix))
					.map(async (name) => {
						const info = await stat(path.join(this.dir, name)).catch(() => null)
						return info?.isFile() ? { name, size: info.size, used: info.mtimeMs } : null
					}),
			)
			const index = new Map<string, number>()
			this.total = 0
			for (const file of files.filter((entry) => entry !== null).sort((a, b) => a.used - b.used)) {
				index.set(file.name, file.size)
				this.total += file.size
			}
			this.index = index
			return index
		})()
		return this.loading
	}

	/** The file's bytes (and it becomes the most recently used), or null. */
	async read(name: string): Promise<Buffer | null> {
		const index = await this.load()
		const file = path.join(this.dir, name)
		const bytes = await readFile(file).catch(() => null)
		if (!bytes) {
			this.forget(index, name)
			return null
		}
		if (!index.has(name)) this.total += bytes.byteLength
		index.delete(name)
		index.set(name, bytes.byteLength)
		const now = new Date()
		await utimes(file, now, now).catch(() => undefined)
		return bytes
	}

	/** Stores a file (atomically: temporary file, then rename) and evicts past the bound. */
	async write(name: string, bytes: Uint8Array): Promise<void> {
		const index = await this.load()
		await mkdir(this.dir, { recursive: true })
		const file = path.join(this.dir, name)
		const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
		await writeFile(temporary, bytes)
		await rename(temporary, file)
		this.forget(index, name)
		index.set(name, bytes.byteLength)
		this.total += bytes.byteLength
		await this.evict(index, name)
	}

	private forget(index: Map<string, number>, name: string) {
		const size = index.get(name)
		if (size === undefined) return
		index.delete(name)
		this.total -= size
	}

	private async evict(index: Map<string, number>, keep: string) {
		for (const [name, size] of index) {
			if (this.total <= this.maxBytes) break
			if (name === keep) continue
			index.delete(name)
			this.total -= size
			await rm(path.join(this.dir, name), { force: true })
		}
	}
}
