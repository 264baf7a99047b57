/**
 * Writes a cookie for the server to read (the app keeps its own state in
 * storage): SameSite=Lax, Secure on https, a session cookie unless given a
 * lifetime. A null value deletes it.
 */
export function writeCookie(name: string, value: string | null, { path = '/', maxAgeS }: { path?: string; maxAgeS?: number } = {}) {
  const parts = [`${name}=${value ?? ''}`, `Path=${path}`, 'SameSite=Lax']
  if (value === null) parts.push('Max-Age=0')
  else if (maxAgeS !== undefined) parts.push(`Max-Age=${maxAgeS}`)
  if (window.location.protocol === 'https:') parts.push('Secure')
  document.cookie = parts.join('; ')
}
