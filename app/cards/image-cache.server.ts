import { createHash } from 'node:crypto'

/**
 * A small in-memory LRU for rendered cards, bounded by total bytes, that also shares one
 * render between concurrent requests for the same key. A cached card is served without
 * drawing or encoding anything.
 */
export class ByteLru {
	private readonly entries = new Map<string, Buffer>()
	private readonly pending = new Map<string, Promise<Buffer>>()
	private total = 0

	constructor(
		readonly maxBytes: number,
		/** Entries larger than this are never kept (a ZIP of huge uploads, say). */
		readonly maxEntryBytes = Math.floor(maxBytes / 4),
	) {}

	get size() {
		return this.entries.size
	}

	get bytes() {
		return this.total
	}

	/** Whether the key is cached or being rendered (a request for it costs no new render). */
	has(key: string): boolean {
		return this.entries.has(key) || this.pending.has(key)
	}

	get(key: string): Buffer | undefined {
		const value = this.entries.get(key)
		if (value) {
			// Re-insert: Map iteration order is the recency order.
			this.entries.delete(key)
			this.entries.set(key, value)
		}
		return value
	}

	set(key: string, value: Buffer) {
		if (value.byteLength > this.maxEntryBytes) return
		const previous = this.entries.get(key)
		if (previous) {
			this.total -= previous.byteLength
			this.entries.delete(key)
		}
		this.entries.set(key, value)
		this.total += value.byteLength
		for (const [oldest, buffer] of this.entries) {
			if (this.total <= this.maxBytes) break
			this.entries.delete(oldest)
			this.total -= buffer.byteLength
		}
	}

	/**
	 * The cached value, or the result of `render` (shared by concurrent callers). `keep`
	 * decides whether that result may be cached (e.g. not a fallback picture).
	 */
	async getOrCreate(
		key: string,
		render: () => Promise<{ value: Buffer; keep: boolean }>,
	): Promise<{ value: Buffer; hit: boolean; keep: boolean }> {
		const cached = this.get(key)
		if (cached) return { value: cached, hit: true, keep: true }
		const running = this.pending.get(key)
		if (running) return { value: await running, hit: false, keep: false }
		let keep = false
		const promise = render().then((result) => {
			keep = result.keep
			if (result.keep) this.set(key, result.value)
			return result.value
		})
		this.pending.set(key, promise)
		try {
			return { value: await promise, hit: false, keep }
		} finally {
			this.pending.delete(key)
		}
	}

	clear() {
		this.entries.clear()
		this.total = 0
	}
}

/** A strong ETag for a cache key (the key already holds the render version). */
export function etagFor(key: string): string {
	return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`
}

/** Whether If-None-Match names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(request: Request, etag: string): boolean {
	const header = request.headers.get('if-none-match')
	if (!header) return false
	if (header.trim() === '*') return true
	return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
