/**
 * The one fetch wrapper for our own JSON API (/api, /functions/v1). Errors
 * come back as ApiError carrying the server's code, message and field messages.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>
  /** The error's other members, for a response that says more (a refused publish's `problems`). */
  readonly details: Record<string, unknown>

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.details = details
  }
}

type TokenSource = () => Promise<string | null>

let accessToken: TokenSource = async () => null

/** Lets the auth module supply the bearer token for API calls. */
export function setAccessTokenSource(source: TokenSource) {
  accessToken = source
}

let sessionRejected: () => void = () => {}

/**
 * Lets the auth module hear that the server refused a request's token (401):
 * its session was signed out elsewhere (the security page, support), so this
 * browser signs out too instead of showing errors.
 */
export function setSessionRejectedHandler(handler: () => void) {
  sessionRejected = handler
}

/**
 * The headers apiFetch sends with a request (the bearer token), for a caller
 * that needs the response itself rather than its JSON: lib/offline keeps a
 * storybook's answers as they came.
 */
export async function apiHeaders(): Promise<Record<string, string>> {
  const token = await accessToken()
  return { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }
}

/**
 * A call to our API with the signed-in user's token; `anonymous` leaves it
 * out, for an answer that must be the one every visitor gets (it is kept
 * under a key that outlives the session).
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown; anonymous?: boolean } = {}): Promise<T> {
  const { json, headers, anonymous, ...rest } = init
  const token = anonymous ? null : await accessToken()
  const response = await fetch(path, {
    ...rest,
    headers: {
      Accept: 'application/json',
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  })
  const body = await readBody(response)
  if (response.status === 401 && token) sessionRejected()
  if (!response.ok) throw toApiError(response.status, body)
  return body as T
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error
    if (typeof error === 'string') return new ApiError(status, 'error', error)
    if (error && typeof error === 'object') {
      const { code, message, fields, ...details } = error as { code?: string; message?: string; fields?: Record<string, string> }
      return new ApiError(status, code ?? 'error', message ?? 'Something went wrong. Please try again.', fields, details)
    }
  }
  return new ApiError(status, 'error', 'Something went wrong. Please try again.')
}

/** A file from our API (a back-office download) as a Blob, with the same token and errors as apiFetch. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = await accessToken()
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  if (response.status === 401 && token) sessionRejected()
  if (!response.ok) throw toApiError(response.status, await readBody(response))
  return response.blob()
}
