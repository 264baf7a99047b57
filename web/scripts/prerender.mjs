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

const { renderPage, pagesToPrerender } = await import('../node_modules/.prerender/prerender.js')
const { digest, answers } = JSON.parse(readFileSync(0, 'utf8'))

// What the build cannot know: the server puts its support address where this
// stands (the same string in internal/server/settings.go, prerenderFill).
const settings = { supportEmail: 'support-email@prerender.invalid', google: { enabled: false }, paypal: { enabled: false }, dev: false }

const catalogue = {
  bookIds: answers['/api/books'].map((book) => book.id),
  categoryIds: answers['/api/categories'].map((category) => category.id),
}
const pages = {}
for (const path of pagesToPrerender(catalogue)) {
  const html = await renderPage(path, { ...answers, '/api/settings': settings })
  // React puts the preloads its elements ask for (the hero's cover) first;
  // they go in the head, ahead of the scripts, so the picture loads at once.
  const [, head, root] = html.match(/^((?:<link [^>]*>)*)([\s\S]*)$/)
  pages[path] = { head, root }
}
const out = new URL('../../internal/webapp/dist/prerendered.json', import.meta.url)
writeFileSync(out, JSON.stringify({ digest, answers: Object.keys(answers), pages }))
const size = Object.values(pages).reduce((n, page) => n + page.head.length + page.root.length, 0)
console.log(`prerendered ${Object.keys(pages).length} pages (${Math.round(size / 1024)} KiB of HTML)`)
