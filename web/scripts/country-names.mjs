// Writes src/lib/country-names.ts: the English name of every code in
// src/lib/countries.ts's countryCodes, from Node's Intl, sorted by name.
// The checkout lists and stores these names. Naming them in the browser
// would cost a phone about 80 ms the first time Intl loads its region
// names, and browsers word a few differently. Run it after changing
// countryCodes: `node scripts/country-names.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const source = readFileSync(new URL('../src/lib/countries.ts', import.meta.url), 'utf8')
const list = source.match(/export const countryCodes[^=]*= \[([^\]]*)\]/)?.[1]
if (!list) throw new Error('countryCodes not found in src/lib/countries.ts')
const codes = [...list.matchAll(/'([A-Z]{2})'/g)].map((m) => m[1])
const names = new Intl.DisplayNames(['en'], { type: 'region' })
const { compare } = new Intl.Collator('en')
const rows = codes.map((code) => [code, names.of(code)]).sort((a, b) => compare(a[1], b[1]))
if (rows.some(([, name]) => !name || name.includes("'"))) throw new Error('a name is missing or holds a quote')

const out = `// Written by web/scripts/country-names.mjs from Node's Intl: run it again rather than editing.

/** The English name of each of countryCodes, sorted by name: what the checkout lists and an order keeps. */
export const englishCountryNames: ReadonlyArray<readonly [code: string, name: string]> = [
${rows.map(([code, name]) => `  ['${code}', '${name}'],`).join('\n')}
]
`
writeFileSync(new URL('../src/lib/country-names.ts', import.meta.url), out)
console.log(`wrote ${rows.length} country names`)
