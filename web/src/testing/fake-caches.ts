/**
 * Cache Storage as a browser has it, in memory, for the logic tests of the
 * offline reader (Node has none): caches by name, matched by URL alone as a
 * real cache does with ignoreVary, relative URLs read against origin.
 */
export const origin = 'http://localhost:8080'

const href = (request: RequestInfo | URL) => new URL(request instanceof Request ? request.url : String(request), origin).href

class FakeCache {
  readonly entries = new Map<string, Response>()

  async match(request: RequestInfo | URL) {
    return this.entries.get(href(request))?.clone()
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(href(request), response.clone())
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(href(request))
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>()

  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache())
    return this.caches.get(name)! as unknown as Cache
  }
  async has(name: string) {
    return this.caches.has(name)
  }
  async delete(name: string) {
    return this.caches.delete(name)
  }
  async keys() {
    return [...this.caches.keys()]
  }
  async match(request: RequestInfo | URL, options: MultiCacheQueryOptions = {}) {
    const names = options.cacheName !== undefined ? [options.cacheName] : [...this.caches.keys()]
    for (const name of names) {
      const hit = await this.caches.get(name)?.match(request)
      if (hit) return hit
    }
    return undefined
  }
  /** The URLs a cache holds, by path. */
  paths(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])].map((url) => new URL(url).pathname).sort()
  }
}

export const asCacheStorage = (fake: FakeCacheStorage) => fake as unknown as CacheStorage
