import { z } from '@/lib/zod'

/** Limits match the server (internal/contact), so the form never sends what it refuses. */
export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000 } as const

/** Characters as a person (and the server) counts them: an emoji is one, not two. */
export function characterCount(text: string): number {
  return [...text].length
}

export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Please tell us your name').max(contactLimits.name, `Please keep your name under ${contactLimits.name} characters`),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .max(contactLimits.email, 'That email address is too long')
    .pipe(z.email('Please enter a valid email address')),
  subject: z.string().trim().min(1, 'Please add a subject').max(contactLimits.subject, `Please keep the subject under ${contactLimits.subject} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'Please write your message')
    // Counted in characters as the server counts them (code points, so an emoji is one).
    .refine((message) => characterCount(message) <= contactLimits.message, `Please keep your message under ${contactLimits.message} characters`),
})

export type ContactValues = z.infer<typeof contactSchema>
