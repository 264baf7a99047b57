import { z } from '@/lib/zod'

/** spec 01 §5 "Sign-up": every rule with its exact message, checked in this order. */
const NAME_RE = /^[A-Za-z\s'-]*$/
const PASSWORD_CHARS_RE = /^[A-Za-z0-9!@#$%^&*(),.?":{}|<>]*$/
const SPECIAL_RE = /[!@#$%^&*(),.?":{}|<>]/
/**
 * What the server's address check (internal/mail ValidEmail) refuses beyond the spec's
 * rules: spaces, control characters and the characters an address may only have in quotes.
 */
const EMAIL_CHARS_RE = /^[^\s\p{Cc}<>()[\]\\,;:"]+$/u

export const signupMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameChars: 'Only English characters, spaces, hyphens and apostrophes allowed',
  emailRequired: 'Email is required',
  emailAt: 'Email must contain an @ symbol',
  emailBeforeAt: 'Email must have at least 2 characters before the @ symbol',
  emailDot: 'Email must contain a domain with a dot (.)',
  emailBetween: 'Email must have at least 2 characters between @ and .',
  emailAfterDot: 'Email must have at least 2 characters after the dot (.)',
  emailInvalid: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordChars: 'Only English characters, numbers, and special characters allowed',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  confirmRequired: 'Please confirm your password',
  mismatch: "Passwords don't match",
  terms: 'You must accept the terms and privacy policy',
} as const

/** The first problem with an e-mail address, or null when it passes every rule. */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return signupMessages.emailRequired
  if (!email.includes('@')) return signupMessages.emailAt
  const parts = email.split('@')
  if (parts.length !== 2 || parts[0].length < 2) return signupMessages.emailBeforeAt
  const domain = parts[1]
  const firstDot = domain.indexOf('.')
  if (firstDot === -1) return signupMessages.emailDot
  if (firstDot < 2) return signupMessages.emailBetween
  if (domain.length - domain.lastIndexOf('.') - 1 < 2) return signupMessages.emailAfterDot
  if (!EMAIL_CHARS_RE.test(email)) return signupMessages.emailInvalid
  return null
}

const name = (required: string) => z.string().trim().min(1, required).regex(NAME_RE, signupMessages.nameChars)

export const signupSchema = z
  .object({
    firstName: name(signupMessages.firstNameRequired),
    lastName: name(signupMessages.lastNameRequired),
    email: z.string().trim().superRefine((email, ctx) => {
      const problem = emailProblem(email)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
    password: z
      .string()
      .min(8, signupMessages.passwordMin)
      .regex(PASSWORD_CHARS_RE, signupMessages.passwordChars)
      .regex(/[A-Z]/, signupMessages.passwordUpper)
      .regex(/\d/, signupMessages.passwordNumber)
      .regex(SPECIAL_RE, signupMessages.passwordSpecial),
    confirmPassword: z.string().min(1, signupMessages.confirmRequired).regex(PASSWORD_CHARS_RE, signupMessages.passwordChars),
    terms: z.boolean().refine((accepted) => accepted, signupMessages.terms),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: signupMessages.mismatch,
    path: ['confirmPassword'],
    // Compare as soon as both are typed, even while other fields still have problems.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown }
      return typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword.length > 0
    },
  })

export type SignupValues = z.input<typeof signupSchema>
