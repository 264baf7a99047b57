import { describe, expect, it } from 'vitest'
import { FALLBACK_LANGUAGE, countryCodes, countryName, countryOptions, englishCountryOptions, languageCodes, languageOfTag, languageOptions } from './countries'
import { englishCountryNames } from './country-names'

describe('countries', () => {
  it('names every code once in the written-out English list (run scripts/country-names.mjs after changing the codes)', () => {
    expect(englishCountryNames.map(([code]) => code).sort()).toEqual([...countryCodes].sort())
  })

  it('lists the checkout countries sorted by name, the name as the value an order keeps', () => {
    const names = englishCountryOptions().map((o) => o.label)
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
    expect(englishCountryOptions().every((o) => o.value === o.label)).toBe(true)
  })

  it('names a code in English, whatever its case, and nothing for a code not on the list', () => {
    expect(countryName('US')).toBe('United States')
    expect(countryName(' gb ')).toBe('United Kingdom')
    expect(countryName('XX')).toBeUndefined()
    expect(countryName(null)).toBeUndefined()
  })

  it('names the profile countries in the reader’s language, with the codes as values', () => {
    const french = countryOptions('fr')
    expect(french.find((o) => o.value === 'DE')?.label).toBe('Allemagne')
    expect(french).toHaveLength(countryCodes.length)
  })

  it('lists about 52 languages, Afrikaans first by name and the fallback, and both Chinese of the spec', () => {
    expect(languageCodes.length).toBeGreaterThanOrEqual(50)
    expect(languageCodes.length).toBeLessThanOrEqual(55)
    expect(languageOptions()[0]).toEqual({ value: 'af', label: 'Afrikaans' })
    expect(FALLBACK_LANGUAGE).toBe('af')
    expect(languageCodes).toEqual(expect.arrayContaining(['zh-CN', 'zh-TW']))
    expect(languageCodes).not.toContain('zh')
  })

  it.each([
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['xx-YY', undefined],
  ])('reads the browser language %j as %j', (tag, code) => {
    expect(languageOfTag(tag)).toBe(code)
  })
})
