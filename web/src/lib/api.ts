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

/**
 * What a request throws when the server refused its token (401): the session
 * was signed out elsewhere (the security page, support, a deleted account).
 * The app then signs out quietly with one message (SIGNED_OUT_MESSAGE), so a
 * screen shows nothing of its own for it: check with isSessionEnded.
 */
export class SessionEndedError extends ApiError {}

export const isSessionEnded = (e: unknown): boolean => e instanceof SessionEndedError

/** The one thing said when the server ended the session (issue 38 §14). */
export const SIGNED_OUT_MESSAGE = 'You were signed out. Please sign in again.'

let sessionRejected: (token: string) => void = () => {}

/**
 * Lets the auth module hear that the server refused a request's token (401),
 * naming the token, so that a late answer to a session already replaced
 * signs nobody out.
 */
export function setSessionRejectedHandler(handler: (token: string) => void) {
  sessionRejected = handler
}

let endedElsewhere = false

/** Marks the coming sign-out as the server's doing, not the visitor's (auth-client). */
export function noteSessionEnded() {
  endedElsewhere = true
}

/** Whether the sign-out that just happened was the server's doing; reading it clears it. */
export function takeSessionEnded(): boolean {
  const was = endedElsewhere
  endedElsewhere = false
  return was
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
  if (!response.ok) throw failure(response.status, body, token)
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

/** The error of a refused request; a 401 to a request that carried a token ends the session. */
function failure(status: number, body: unknown, token: string | null): ApiError {
  const error = toApiError(status, body)
  if (status !== 401 || !token) return error
  sessionRejected(token)
  return new SessionEndedError(401, error.code, error.message, error.fields, error.details)
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error
    // The payment function's shape (/functions/v1): {error: message, code, fields, ...details}.
    if (typeof error === 'string') {
      const { error: _message, code, fields, ...details } = body as { error: string; code?: unknown; fields?: Record<string, string> }
      return new ApiError(status, typeof code === 'string' ? code : 'error', error, fields && typeof fields === 'object' ? fields : {}, details)
    }
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
  if (!response.ok) throw failure(response.status, await readBody(response), token)
  return response.blob()
}
