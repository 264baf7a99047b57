import { z } from '@/lib/zod'

/**
 * The login form (at /login and /config): both fields required (at /login the browser says so
 * first); the e-mail is sent trimmed, the password as typed.
 */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
  remember: z.boolean(),
})
export type LoginValues = z.infer<typeof loginSchema>
