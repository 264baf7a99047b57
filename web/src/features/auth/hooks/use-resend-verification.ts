import { useCallback, useState } from 'react'
import { toast } from 'sonner'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { mentionsSeconds } from '../auth-errors'
import { useCountdown } from './use-countdown'

/** spec 01 §9: the resend cooldown, at start and again after a rate-limit response. */
export const RESEND_COOLDOWN_SECONDS = 60

/** Re-sends the sign-up confirmation e-mail; a "wait N seconds" response starts the cooldown. */
export function useResendVerification({ startCooldown = false } = {}) {
  const countdown = useCountdown(startCooldown ? RESEND_COOLDOWN_SECONDS : 0)
  const [sending, setSending] = useState(false)
  const { start } = countdown

  const resend = useCallback(
    async (email: string | null | undefined): Promise<boolean> => {
      if (!email) {
        toast.error('Email address not found')
        return false
      }
      setSending(true)
      try {
        const { error } = await authClient.resend({ type: 'signup', email, options: { emailRedirectTo: siteUrl(paths.emailCallback) } })
        if (error) {
          toast.error('Failed to send verification email', { description: error.message })
          if (mentionsSeconds(error)) start(RESEND_COOLDOWN_SECONDS)
          return false
        }
        return true
      } catch (err) {
        // auth-js throws on a network failure; callers fire and forget, so it ends here.
        toast.error('Failed to send verification email', { description: messageOf(err) })
        return false
      } finally {
        setSending(false)
      }
    },
    [start],
  )

  return { resend, sending, cooldown: countdown }
}
