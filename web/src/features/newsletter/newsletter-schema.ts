import { z } from '@/lib/zod'

/** The newsletter's one field (a module of its own: the form loads it when first checked, components/ui/lazy-resolver). */
export const newsletterSchema = z.object({ email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email address')) })
export type NewsletterValues = z.infer<typeof newsletterSchema>
