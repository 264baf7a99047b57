import { z } from '@/lib/zod'

/** The note support writes before removing a customer's two-step factors; the server keeps it in the audit log. */
export const identityCheckSchema = z.object({
  identityCheck: z
    .string()
    .trim()
    .min(10, 'Describe how you checked the person is the account owner (at least 10 characters)')
    .max(1000, 'Use at most 1,000 characters'),
})

export type IdentityCheckValues = z.infer<typeof identityCheckSchema>
