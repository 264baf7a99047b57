import { apiFetch } from '@/lib/api'

/**
 * Idempotency-Keys for creating writes. The key is the submission attempt and a hash of the body, so
 * a double click or a retry of the same submission gets the first result in response instead of
 * making a second; a changed body is a new key. After a success the attempt is over: sending the same
 * again is a new submission. `settleAfterMs` keeps the attempt a little longer (payments: a late
 * double submit still replays the order).
 */
export function idempotencyKeys({ settleAfterMs = 0 } = {}) {
  let attempt = randomId()
  return {
    key: (body: unknown) => `${attempt}-${hash(JSON.stringify(body))}`,
    succeeded() {
      const ended = attempt
      const renew = () => {
        if (attempt === ended) attempt = randomId()
      }
      if (settleAfterMs > 0) setTimeout(renew, settleAfterMs)
      else renew()
    },
  }
}

/** A POST that creates something, sent with an Idempotency-Key (see idempotencyKeys). */
export function idempotentPost<T>(path: string) {
  const keys = idempotencyKeys()
  return async (json: unknown): Promise<T> => {
    const result = await apiFetch<T>(path, { method: 'POST', json, headers: { 'Idempotency-Key': keys.key(json) } })
    keys.succeeded()
    return result
  }
}

function randomId(): string {
  // getRandomValues works on plain http too, unlike randomUUID and crypto.subtle.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** cyrb53: a fast 53-bit string hash; the key only has to tell bodies apart, not keep secrets. */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16)
}
