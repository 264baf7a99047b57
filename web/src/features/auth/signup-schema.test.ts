import { describe, expect, it } from 'vitest'
import { emailProblem, signupMessages as m, signupSchema, type SignupValues } from './signup-schema'

const valid: SignupValues = {
  firstName: 'Siso',
  lastName: "O'Tiger-Smith",
  email: 'parent@example.com',
  password: 'Tiger123!',
  confirmPassword: 'Tiger123!',
  terms: true,
}

/** The first message the form would show for each field. */
function errors(values: Partial<SignupValues>): Record<string, string> {
  const result = signupSchema.safeParse({ ...valid, ...values })
  const out: Record<string, string> = {}
  if (result.success) return out
  for (const issue of result.error.issues) {
    const key = String(issue.path[0])
    out[key] ??= issue.message
  }
  return out
}

describe('sign-up validation', () => {
  it('accepts a valid form', () => {
    expect(errors({})).toEqual({})
  })

  it.each([
    ['firstName', '', m.firstNameRequired],
    ['firstName', '   ', m.firstNameRequired],
    ['lastName', '', m.lastNameRequired],
    ['firstName', 'Siso2', m.nameChars],
    ['lastName', 'Zoë', m.nameChars],
    ['firstName', 'Mary Ann', undefined],
  ] as const)('%s %j gives %s', (field, value, want) => {
    expect(errors({ [field]: value })[field]).toBe(want)
  })

  it.each([
    ['', m.emailRequired],
    ['parent.example.com', m.emailAt],
    ['p@example.com', m.emailBeforeAt],
    ['pa@r@example.com', m.emailBeforeAt],
    ['parent@examplecom', m.emailDot],
    ['parent@e.com', m.emailBetween],
    ['parent@.com', m.emailBetween],
    ['parent@example.c', m.emailAfterDot],
    ['parent@example.co.u', m.emailAfterDot],
    // What the server refuses, the form refuses too (#9).
    ['pa rent@example.com', m.emailInvalid],
    ['parent@exa mple.com', m.emailInvalid],
    ['pa\u0000rent@example.com', m.emailInvalid],
    ['<parent@example.com>', m.emailInvalid],
    ['pa@ex.co', null],
  ])('email %j gives %s', (email, want) => {
    expect(emailProblem(email)).toBe(want)
    expect(errors({ email }).email).toBe(want ?? undefined)
  })

  it.each([
    ['Tig12!', m.passwordMin],
    ['Tiger123!é', m.passwordChars],
    ['Tiger 123!', m.passwordChars],
    ['tiger123!', m.passwordUpper],
    ['Tigerabc!', m.passwordNumber],
    ['Tiger1234', m.passwordSpecial],
    ['Tiger123?', undefined],
  ])('password %j gives %s', (password, want) => {
    expect(errors({ password, confirmPassword: password }).password).toBe(want)
  })

  it('asks to confirm the password', () => {
    expect(errors({ confirmPassword: '' }).confirmPassword).toBe(m.confirmRequired)
  })

  it("says the passwords don't match on confirmPassword", () => {
    expect(errors({ confirmPassword: 'Tiger123?' }).confirmPassword).toBe(m.mismatch)
  })

  it('compares passwords even while other fields are still wrong', () => {
    expect(errors({ firstName: '', terms: false, confirmPassword: 'Other123!' }).confirmPassword).toBe(m.mismatch)
  })

  it('checks the confirmation against the allowed characters', () => {
    expect(errors({ confirmPassword: 'Tiger123!é' }).confirmPassword).toBe(m.passwordChars)
  })

  it('needs the terms accepted', () => {
    expect(errors({ terms: false }).terms).toBe(m.terms)
  })
})
