import { englishCountryNames } from './country-names'

/**
 * Country and language options (spec 02 §3): ISO codes only; the names come
 * from Intl.DisplayNames in the reader's language, so no list of names is
 * typed by hand. The checkout's English names are written out from Node's
 * Intl instead (country-names.ts): the same in every browser, and no cost to
 * a phone.
 */

/** ISO 3166-1 alpha-2 codes of the 193 UN member states, Vatican City and Palestine. */
export const countryCodes: readonly string[] = ['AF','AL','DZ','AD','AO','AG','AR','AM','AU','AT','AZ','BS','BH','BD','BB','BY','BE','BZ','BJ','BT','BO','BA','BW','BR','BN','BG','BF','BI','KH','CM','CA','CV','CF','TD','CL','CN','CO','KM','CR','CI','HR','CU','CY','CZ','CD','DK','DJ','DM','DO','EC','EG','SV','GQ','ER','EE','SZ','ET','FJ','FI','FR','GA','GM','GE','DE','GH','GR','GD','GT','GN','GW','GY','HT','HN','HU','IS','IN','ID','IR','IQ','IE','IL','IT','JM','JP','JO','KZ','KE','KI','KW','KG','LA','LV','LB','LS','LR','LY','LI','LT','LU','MG','MW','MY','MV','ML','MT','MH','MR','MU','MX','FM','MD','MC','MN','ME','MA','MZ','MM','NA','NR','NP','NL','NZ','NI','NE','NG','KP','MK','NO','OM','PK','PW','PS','PA','PG','PY','PE','PH','PL','PT','QA','CG','RO','RU','RW','WS','SM','ST','SA','SN','RS','SC','SL','SG','SK','SI','SB','SO','ZA','KR','SS','ES','LK','KN','LC','VC','SD','SR','SE','CH','SY','TJ','TZ','TH','TL','TG','TO','TT','TN','TR','TM','TV','UG','UA','AE','GB','US','UY','UZ','VU','VA','VE','VN','YE','ZM','ZW',]

/**
 * Language codes (ISO 639, and Chinese as spec 01 §3 names it: zh-CN and zh-TW),
 * about 52 as the spec says. Afrikaans, first by name, is the fallback.
 */
export const languageCodes: readonly string[] = [
  'af', 'ar', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fa', 'fi', 'fil', 'fr', 'ga', 'he', 'hi', 'hr', 'hu', 'id',
  'is', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'mt', 'nl', 'no', 'pa', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sq', 'sr', 'sv', 'sw', 'ta',
  'te', 'th', 'tr', 'uk', 'ur', 'vi', 'yo', 'zh-CN', 'zh-TW', 'zu',
]

/** The language when the browser's is none of the list (spec 01 §3: the first entry, Afrikaans). */
export const FALLBACK_LANGUAGE = 'af'

/** A choice of a select: the code it stands for, and its name. */
export type Option = { value: string; label: string }

function named(codes: readonly string[], type: 'region' | 'language', locale?: string): Option[] {
  const names = new Intl.DisplayNames(locale ? [locale, 'en'] : ['en'], { type })
  // One collator: localeCompare with a locale sets one up on every call.
  const { compare } = new Intl.Collator(locale)
  return codes.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => compare(a.label, b.label))
}

/** The countries, named and sorted in the given locale (English by default). */
export function countryOptions(locale?: string): Option[] {
  return named(countryCodes, 'region', locale)
}

/** The languages, named and sorted in the given locale (English by default). */
export function languageOptions(locale?: string): Option[] {
  return named(languageCodes, 'language', locale)
}

const englishNames = new Map(englishCountryNames)

/** The English name of a country code ('US' → 'United States'), or undefined when it is not one of countryCodes. */
export function countryName(code: string | null | undefined): string | undefined {
  return englishNames.get(code?.trim().toUpperCase() ?? '')
}

/** The checkout's countries: English names, which the order keeps as they are shown. */
export function englishCountryOptions(): Option[] {
  return englishCountryNames.map(([, name]) => ({ value: name, label: name }))
}

/** The browser's language as one of languageCodes, else the fallback. */
export function browserLanguage(): string {
  return languageOfTag(navigator.language ?? '') ?? FALLBACK_LANGUAGE
}

/** A BCP 47 tag ('pt-BR', 'zh-Hant-HK') as one of languageCodes, if it is one: traditional Chinese is zh-TW, other Chinese zh-CN. */
export function languageOfTag(tag: string): string | undefined {
  const [base, ...rest] = tag.toLowerCase().split('-')
  if (base === 'zh') return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'zh-TW' : 'zh-CN'
  return languageCodes.includes(base) ? base : undefined
}
