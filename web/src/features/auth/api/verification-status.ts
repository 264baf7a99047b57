/**
 * GET /auth/v1/verification-status?user_id=: whether the account signed up in
 * this browser has confirmed its e-mail, asked without a session, so the
 * pending page notices a link opened on another device. Unknown ids give false.
 */
export async function getVerificationStatus(userId: string, signal?: AbortSignal): Promise<boolean> {
  const response = await fetch(`/auth/v1/verification-status?user_id=${encodeURIComponent(userId)}`, { headers: { Accept: 'application/json' }, signal })
  if (!response.ok) throw new Error(`verification-status: ${response.status}`)
  const body = (await response.json()) as { verified?: unknown }
  return body.verified === true
}
