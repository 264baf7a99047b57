/**
 * The few browser globals the server bundle (entry-server.tsx) needs that an
 * embedded JavaScript engine has not got (internal/render runs the bundle in
 * QuickJS, which has the language but no host APIs); ./globals.ts installs
 * them. Each is as small as its one use allows.
 */

type Task = () => void

/** Callbacks queued by setTimeout and MessageChannel, run when the host calls runTasks. */
const tasks: { id: number; run: Task }[] = []
let nextTask = 1

/**
 * setTimeout queues the callback; the host runs the queue (runTasks) once
 * the promises of a render have settled. The delay is not waited for: a
 * render never waits for the clock, and what it queues with a delay (React
 * Query's batched notices) has no effect on the HTML.
 */
export function setTimeoutShim(callback: Task, _delay?: number, ...args: unknown[]): number {
  const id = nextTask++
  tasks.push({ id, run: () => callback(...(args as [])) })
  return id
}

export function clearTimeoutShim(id: number | undefined) {
  const at = tasks.findIndex((task) => task.id === id)
  if (at >= 0) tasks.splice(at, 1)
}

/**
 * Runs the queued tasks, including those they queue, up to `limit` of them;
 * returns how many ran. The host calls it after draining the promise jobs,
 * until nothing is left.
 */
export function runTasks(limit = 1000): number {
  let ran = 0
  while (tasks.length > 0 && ran < limit) {
    try {
      tasks.shift()!.run()
    } catch (error) {
      console.error(error) // a task's failure is not the page's
    }
    ran++
  }
  return ran
}

/** Forgets the tasks a render left behind, so the next render starts clean. */
export function dropTasks() {
  tasks.length = 0
}

/**
 * react-dom/server.browser makes one at load for its streaming renderer
 * (scheduleWork); renderToString never posts to it. A message is a task.
 */
export class MessageChannelShim {
  port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null }
  port2 = {
    postMessage: (data: unknown) => {
      setTimeoutShim(() => this.port1.onmessage?.({ data }))
    },
  }
}

/** UTF-8, for react-dom/server.browser, which makes one at load. */
export class TextEncoderShim {
  readonly encoding = 'utf-8'
  encode(input = ''): Uint8Array {
    const bytes: number[] = []
    for (const char of input) {
      let c = char.codePointAt(0)!
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd // a lone surrogate, as the browser's encoder does
      if (c < 0x80) bytes.push(c)
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
    return new Uint8Array(bytes)
  }
}

/**
 * URLSearchParams, as forms encode a query (application/x-www-form-urlencoded):
 * React Router's search params (the /books filters) and the app's own.
 */
export class URLSearchParamsShim {
  /** The pairs in order; URLShim replaces them when its search is set. */
  pairs: [string, string][] = []
  private onChange?: () => void

  constructor(init: string | Iterable<[string, string]> | Record<string, string> = '', onChange?: () => void) {
    if (typeof init === 'string') this.pairs = parseQuery(init)
    else if (Symbol.iterator in init) for (const [key, value] of init) this.pairs.push([String(key), String(value)])
    else for (const key of Object.keys(init)) this.pairs.push([key, String(init[key])])
    this.onChange = onChange
  }
  get size() {
    return this.pairs.length
  }
  get(name: string) {
    return this.pairs.find(([key]) => key === name)?.[1] ?? null
  }
  getAll(name: string) {
    return this.pairs.filter(([key]) => key === name).map(([, value]) => value)
  }
  has(name: string, value?: string) {
    return this.pairs.some(([key, v]) => key === name && (value === undefined || v === value))
  }
  append(name: string, value: string) {
    this.pairs.push([String(name), String(value)])
    this.onChange?.()
  }
  /** The first pair of that name takes the value; the others go. */
  set(name: string, value: string) {
    const at = this.pairs.findIndex(([key]) => key === name)
    if (at < 0) this.pairs.push([String(name), String(value)])
    else this.pairs = this.pairs.flatMap(([key, v], i): [string, string][] => (i === at ? [[key, String(value)]] : key === name ? [] : [[key, v]]))
    this.onChange?.()
  }
  delete(name: string, value?: string) {
    this.pairs = this.pairs.filter(([key, v]) => key !== name || (value !== undefined && v !== value))
    this.onChange?.()
  }
  sort() {
    this.pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    this.onChange?.()
  }
  forEach(callback: (value: string, key: string, params: URLSearchParamsShim) => void) {
    for (const [key, value] of this.pairs) callback(value, key, this)
  }
  keys() {
    return this.pairs.map(([key]) => key)[Symbol.iterator]()
  }
  values() {
    return this.pairs.map(([, value]) => value)[Symbol.iterator]()
  }
  entries() {
    return this.pairs.map(([key, value]): [string, string] => [key, value])[Symbol.iterator]()
  }
  [Symbol.iterator]() {
    return this.entries()
  }
  toString() {
    return this.pairs.map(([key, value]) => `${encodeFormPart(key)}=${encodeFormPart(value)}`).join('&')
  }
}

function parseQuery(query: string): [string, string][] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=')
      return at < 0 ? [decodeFormPart(pair), ''] : [decodeFormPart(pair.slice(0, at)), decodeFormPart(pair.slice(at + 1))]
    })
}

function decodeFormPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return part
  }
}

function encodeFormPart(part: string): string {
  return encodeURIComponent(part).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * URL for what React Router does with one: absolute http(s) URLs, and a
 * path, query or fragment resolved against one (it builds its locations on
 * http://localhost). Not the whole WHATWG parser: no user info, no IDNA, no
 * percent-encoding of what is given.
 */
export class URLShim {
  protocol = ''
  hostname = ''
  port = ''
  pathname = '/'
  hash = ''
  private query = ''
  readonly searchParams: URLSearchParamsShim

  constructor(input: string | URLShim, base?: string | URLShim) {
    const href = String(input)
    const absolute = /^([a-z][a-z\d+.-]*:)\/\/([^/?#:]*)(?::(\d*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(href)
    if (absolute) {
      const [, protocol, hostname, port = '', path, query = '', hash = ''] = absolute
      Object.assign(this, { protocol: protocol.toLowerCase(), hostname: hostname.toLowerCase(), port, pathname: resolvePath(path || '/'), query, hash })
    } else {
      if (base === undefined) throw new TypeError(`Invalid URL: ${href}`)
      if (href.startsWith('//')) throw new TypeError(`URL: a protocol-relative URL is not supported here: ${href}`)
      const from = new URLShim(base)
      const [, path = '', query, hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(href)!
      Object.assign(this, { protocol: from.protocol, hostname: from.hostname, port: from.port, hash })
      this.pathname = path === '' ? from.pathname : resolvePath(path.startsWith('/') ? path : from.pathname.replace(/[^/]*$/, '') + path)
      this.query = query ?? (path === '' ? from.search : '')
    }
    if (this.query === '?') this.query = ''
    if (this.hash === '#') this.hash = ''
    this.searchParams = new URLSearchParamsShim(this.query, () => {
      const query = this.searchParams.toString()
      this.query = query ? `?${query}` : ''
    })
  }
  get search() {
    return this.query
  }
  set search(value: string) {
    this.query = value === '' || value === '?' ? '' : value.startsWith('?') ? value : `?${value}`
    this.searchParams.pairs = parseQuery(this.query)
  }
  get host() {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname
  }
  get origin() {
    return `${this.protocol}//${this.host}`
  }
  get href() {
    return `${this.origin}${this.pathname}${this.query}${this.hash}`
  }
  toString() {
    return this.href
  }
  toJSON() {
    return this.href
  }
}

/** A path with its dot segments resolved ("/a/./b/../c" → "/a/c"). */
function resolvePath(path: string): string {
  const out: string[] = []
  const segments = path.split('/').slice(1)
  segments.forEach((segment, i) => {
    if (segment === '..') out.pop()
    else if (segment !== '.') out.push(segment)
    if ((segment === '.' || segment === '..') && i === segments.length - 1) out.push('')
  })
  return '/' + out.join('/')
}

/**
 * The checkout makes its payment attempt's key with getRandomValues when its
 * module loads. That key never leaves the engine (the browser makes its own),
 * so Math.random is enough here; nothing on the server may rely on it for
 * secrets.
 */
export const cryptoShim = {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
    }
    return array
  },
}

/**
 * QuickJS ignores the locale of toLocaleString and groups no digits; the
 * contact form counts "5,000 characters left" with toLocaleString('en-US').
 * This is en-US's default format: grouped thousands, up to 3 decimals.
 */
export function toLocaleStringEnUS(this: number): string {
  const n = Number(this)
  if (!Number.isFinite(n)) return String(n).replace('Infinity', '∞')
  const [whole, fraction] = Math.abs(n).toFixed(3).replace(/\.?0+$/, '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = n < 0 || Object.is(n, -0) ? '-' : '' // as Intl: -0.0001 is "-0"
  return `${sign}${grouped}${fraction ? '.' + fraction : ''}`
}

export function groupsThousands(): boolean {
  try {
    return (1000).toLocaleString('en-US') === '1,000'
  } catch {
    return false // goja takes the argument for a radix
  }
}

/** What the bundle wrote to the console, until the host reads it (takeConsole). */
let logged: string[] = []

export function takeConsole(): string[] {
  const lines = logged
  logged = []
  return lines
}

const note =
  (level: string) =>
  (...args: unknown[]) => {
    logged.push(`${level}: ${args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : String(a))).join(' ')}`)
  }

export const consoleShim = { log: note('log'), info: note('info'), debug: note('debug'), warn: note('warn'), error: note('error') }
