/**
 * Reads the id of a /books/:id URL. Only the canonical spelling of a positive
 * whole number counts ("3", not "3.0", "03", "+3" or "3e0"): the Go server
 * responds 404 to any other spelling (internal/server appRecords), so the app
 * shows its not-found page for the same URLs. NaN means "no such book".
 */
export function bookIdFromParam(raw: string | undefined): number {
  return raw !== undefined && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : Number.NaN
}
