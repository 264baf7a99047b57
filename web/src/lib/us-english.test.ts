import { describe, expect, it } from 'vitest'

// The shop writes US English everywhere a parent or a child reads (issue 38,
// item 17). This reads the app's source as text, comments left out, and names
// each British spelling that would reach a page; the spec's own texts keep
// theirs ("Payment Cancelled"), so "cancelled" is not on the list.
const british = /\b(centre|centres|catalogue|catalogues|colour\w*|favourit\w*|behaviour\w*|organis\w*|personalis\w*|realis\w*|honour\w*|neighbour\w*|travell\w*|cosy|grey|pyjamas|mum|licence)\b/gi

/** Every module of the app as text, tests left out. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true })

/**
 * The words of a file that can reach a page: comments and module paths
 * ('./routes/privacy-centre') left out. Names in code (privacyCentre) have
 * no word boundary before the spelling, so they never match.
 */
function visibleWords(text: string): string[] {
  const shown = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/(from|import)\s*\(?\s*'[^']*'/g, '')
  return [...shown.matchAll(british)].map((m) => m[0])
}

describe('US English', () => {
  it.each(Object.entries(sources))('%s has no British spelling', (_, text) => {
    expect(visibleWords(text)).toEqual([])
  })
})
