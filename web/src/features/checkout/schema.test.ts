import { describe, expect, it } from 'vitest'
import { checkoutSchema, readShippingInfo, toShippingInfo } from './schema'

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
