// Prerenders the public pages after `vite build`: each page's HTML as the
// app's first render draws it, for the server to put into that page so it
// paints before any script runs (internal/webapp/prerendered.go). Run by
// the Makefile as
//
//   go run ./cmd/catalogue | node scripts/prerender.mjs
//
// once `vite build --ssr src/app/prerender.tsx` has made the entry. The
// catalogue comes from the migrations (the seed every shop starts with),
// with its digest: the server uses the pages only while it inlines the same.
import { readFileSync, writeFileSync } from 'node:fs'

const { renderPage, pagesToPrerender, drawnByCartCookie } = await import('../node_modules/.prerender/prerender.js')
const { digest, answers } = JSON.parse(readFileSync(0, 'utf8'))

// What the build cannot know: the server puts its support address where this
// stands (the same string in internal/server/settings.go, prerenderFill). The
// switches (Google sign-in, PayPal) a page reads are drawn both ways, and the
// server serves the drawing that matches its own (internal/webapp).
const settings = { supportEmail: 'support-email@prerender.invalid', google: { enabled: false }, paypal: { enabled: false }, dev: false }

const catalogue = {
  bookIds: answers['/api/books'].map((book) => book.id),
  categoryIds: answers['/api/categories'].map((category) => category.id),
}
const pages = {}
for (const path of pagesToPrerender(catalogue)) {
  const read = new Set()
  await renderPage(path, { ...answers, '/api/settings': noting(settings, '', read) })
  const switches = [...read].filter((field) => typeof valueAt(settings, field) === 'boolean')
  pages[path] = []
  for (const when of combinations(switches)) {
    for (const cookie of drawnByCartCookie[path] ?? [undefined]) {
      const html = await renderPage(path, { ...answers, '/api/settings': withValues(settings, when) }, cookie)
      // React puts the preloads its elements ask for (the hero's cover) first;
      // they go in the head, ahead of the scripts, so the picture loads at once.
      const [, head, root] = html.match(/^((?:<link [^>]*>)*)([\s\S]*)$/)
      pages[path].push({ when, head, root, cookie })
    }
  }
}
const out = new URL('../../internal/webapp/dist/prerendered.json', import.meta.url)
writeFileSync(out, JSON.stringify({ digest, answers: Object.keys(answers), pages }))
const drawings = Object.values(pages).flat()
const size = drawings.reduce((n, page) => n + page.head.length + page.root.length, 0)
console.log(`prerendered ${Object.keys(pages).length} pages, ${drawings.length} drawings (${Math.round(size / 1024)} KiB of HTML)`)

/** value, noting in `read` each field ("google.enabled") a render reads. */
function noting(value, prefix, read) {
  return new Proxy(value, {
    get(target, key, receiver) {
      const got = Reflect.get(target, key, receiver)
      if (typeof key !== 'string') return got
      const field = prefix + key
      if (got !== null && typeof got === 'object') return noting(got, field + '.', read)
      read.add(field)
      return got
    },
  })
}

function valueAt(value, field) {
  return field.split('.').reduce((v, key) => v?.[key], value)
}

/** Every assignment of true and false to the fields, as {field: value}. */
function combinations(fields) {
  return fields.reduce((sets, field) => sets.flatMap((set) => [{ ...set, [field]: false }, { ...set, [field]: true }]), [{}])
}

/** A copy of value with the fields of `when` set. */
function withValues(value, when) {
  const copy = structuredClone(value)
  for (const [field, v] of Object.entries(when)) {
    const keys = field.split('.')
    const last = keys.pop()
    keys.reduce((o, key) => o[key], copy)[last] = v
  }
  return copy
}
