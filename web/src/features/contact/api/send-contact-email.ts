import { useMutation } from '@tanstack/react-query'
import { ApiError } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import type { ContactValues } from '../contact-schema'

type SendResult = { success: boolean; error?: string }

/** POST /functions/v1/send-contact-email: responds {success} or {success:false, error}. */
export async function sendContactEmail(values: ContactValues): Promise<void> {
  const result = await post(values)
  if (!result?.success) throw new ApiError(400, 'error', result?.error ?? 'Failed to send message.')
}

const post = idempotentPost<SendResult>('/functions/v1/send-contact-email')

export function useSendContactEmail() {
  return useMutation({ mutationFn: sendContactEmail })
}
