import { describe, expect, it } from 'vitest'
import type { AddressFormat } from '@/lib/address-format'
import { checkoutSchema, readShippingInfo, schemaFor } from './schema'
import { toShippingInfo } from './shipping-info'

const valid = {
  fullName: 'Ada Reader',
  email: 'ada@example.com',
  address: '12 Story Lane',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
}

function messages(values: Record<string, unknown>) {
  const r = checkoutSchema.safeParse(values)
  if (r.success) return {}
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('checkoutSchema', () => {
  it('accepts a complete form without the optional fields', () => {
    expect(checkoutSchema.safeParse(valid).success).toBe(true)
  })

  it('uses the exact messages of the spec for an empty form', () => {
    expect(messages({ fullName: '', email: '', address: '', city: '', state: '', zipCode: '', country: '' })).toEqual({
      fullName: 'Name is required',
      email: 'Invalid email address',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      country: 'Country is required',
    })
  })

  it.each([
    ['fullName', 'A', 'Name is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', 'ada@', 'Invalid email address'],
    ['address', '1 Ln', 'Address is required'],
    ['city', 'X', 'City is required'],
    ['state', 'I', 'State is required'],
    ['zipCode', '1234', 'ZIP code is required'],
    ['country', 'U', 'Country is required'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messages({ ...valid, [field]: value })).toEqual({ [field]: message })
  })

  it('does not count surrounding spaces', () => {
    expect(messages({ ...valid, fullName: '  A  ' })).toEqual({ fullName: 'Name is required' })
  })

  it('keeps card fields out of the shipping info', () => {
    const parsed = checkoutSchema.parse({ ...valid, cardNumber: '4242', cardCvc: '123', notes: ' leave at door ' })
    expect(toShippingInfo(parsed)).toEqual({ ...valid, notes: 'leave at door' })
  })
})

describe('readShippingInfo', () => {
  it('gives the shipping details of a valid form', () => {
    expect(readShippingInfo({ ...valid, cardNumber: '4242', notes: ' ' })).toEqual({ ok: true, info: valid })
  })

  it('says in words what to fix, never a raw issue list', () => {
    const r = readShippingInfo({ ...valid, fullName: '', zipCode: '1' })
    expect(r).toEqual({ ok: false, message: 'Please check your details: Name is required, ZIP code is required.' })
    expect(readShippingInfo(undefined).ok).toBe(false)
    expect(JSON.stringify(readShippingInfo({}))).not.toContain('"code"')
  })
})

describe('a cart of digital books only', () => {
  const contact = { fullName: 'Ada Reader', email: 'ada@example.com', address: '', city: '', state: '', zipCode: '', country: '' }

  it('asks for no address and sends the contact fields alone', () => {
    expect(readShippingInfo(contact, true).ok).toBe(false)
    expect(readShippingInfo({ ...contact, notes: ' For Mia ' }, false)).toEqual({ ok: true, info: { fullName: 'Ada Reader', email: 'ada@example.com', notes: 'For Mia' } })
  })

  it('still checks the name and the e-mail', () => {
    const read = readShippingInfo({ ...contact, email: 'nope' }, false)
    expect(read).toEqual({ ok: false, message: 'Please check your details: Invalid email address.' })
  })
})

// Formats as GET /api/address-formats/{country} serves them (Canada with Ontario alone).
const uk = {"country":"GB","name":"United Kingdom","fields":[{"name":"address","label":"Address","required":true},{"name":"city","label":"Post Town","required":true},{"name":"zipCode","label":"Postal Code","required":true}],"zipExample":"EC1Y 8SY","zipPattern":"GIR ?0AA|(?:(?:AB|AL|B|BA|BB|BD|BF|BH|BL|BN|BR|BS|BT|BX|CA|CB|CF|CH|CM|CO|CR|CT|CV|CW|DA|DD|DE|DG|DH|DL|DN|DT|DY|E|EC|EH|EN|EX|FK|FY|G|GL|GY|GU|HA|HD|HG|HP|HR|HS|HU|HX|IG|IM|IP|IV|JE|KA|KT|KW|KY|L|LA|LD|LE|LL|LN|LS|LU|M|ME|MK|ML|N|NE|NG|NN|NP|NR|NW|OL|OX|PA|PE|PH|PL|PO|PR|RG|RH|RM|S|SA|SE|SG|SK|SL|SM|SN|SO|SP|SR|SS|ST|SW|SY|TA|TD|TF|TN|TQ|TR|TS|TW|UB|W|WA|WC|WD|WF|WN|WR|WS|WV|YO|ZE)(?:\\d[\\dA-Z]? ?\\d[ABD-HJLN-UW-Z]{2}))|BFPO ?\\d{1,4}","subdivisions":[]} as AddressFormat
const angola = {"country":"AO","name":"Angola","fields":[{"name":"address","label":"Address","required":true},{"name":"city","label":"City","required":true}],"subdivisions":[]} as AddressFormat
const canada = {"country":"CA","name":"Canada","fields":[{"name":"address","label":"Address","required":true},{"name":"city","label":"City","required":true},{"name":"state","label":"Province","required":true},{"name":"zipCode","label":"Postal Code","required":true}],"zipExample":"H3Z 2Y7","zipPattern":"[ABCEGHJKLMNPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d","subdivisions":[{"code":"ON","name":"Ontario"}]} as AddressFormat

describe('an address outside the United States follows its country', () => {
  const base = { fullName: 'Ada Reader', email: 'ada@example.com', address: '12 Story Lane', city: 'London', state: '', zipCode: 'EC1Y 8SY', country: 'United Kingdom' }
  const problems = (format: AddressFormat, values: object) =>
    schemaFor(true, format)
      .safeParse({ ...base, ...values })
      .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []

  it('the UK: a postcode of its pattern, no state', () => {
    expect(problems(uk, {})).toEqual([])
    expect(problems(uk, { zipCode: '62701' })).toEqual([['zipCode', 'Please check the postal code (for example EC1Y 8SY)']])
    expect(problems(uk, { city: '' })).toEqual([['city', 'Post town is required']])
    expect(readShippingInfo({ ...base, state: 'IL' }, true, uk)).toMatchObject({ ok: true, info: { state: '', zipCode: 'EC1Y 8SY' } })
  })

  it('Canada: a province of its list', () => {
    expect(problems(canada, { state: 'ontario', zipCode: 'M5V 2T6' })).toEqual([])
    expect(problems(canada, { state: '', zipCode: 'M5V 2T6' })).toEqual([['state', 'Province is required']])
    expect(problems(canada, { state: 'Texas', zipCode: 'M5V 2T6' })).toEqual([['state', 'Please choose a province from the list']])
  })

  it('Angola asks no postal code', () => {
    expect(problems(angola, { zipCode: '' })).toEqual([])
    expect(readShippingInfo({ ...base, zipCode: '123' }, true, angola)).toMatchObject({ ok: true, info: { zipCode: '' } })
  })

  it('the United States keep the spec\'s rules', () => {
    expect(schemaFor(true, { ...canada, country: 'US' })).toBe(checkoutSchema)
  })
})
