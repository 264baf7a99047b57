import { z } from '@/lib/zod'

/**
 * Forms that ask only for an e-mail address (reset password). The browser checks the
 * address first (required, type=email), as these forms always did; the value is sent trimmed.
 */
export const emailOnlySchema = z.object({ email: z.string().trim().min(1, 'Email is required') })
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>
