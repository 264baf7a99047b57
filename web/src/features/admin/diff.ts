/** One value that a change set, changed or removed. */
export type FieldChange = { field: string; before: unknown; after: unknown }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The fields that differ between an audit entry's before and after, for a
 * readable list ("role: editor → manager"). Null when the two are not both
 * objects (or null), where only the whole values can be shown.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] | null {
  if (!(isRecord(before) || before === null) || !(isRecord(after) || after === null)) return null
  const b = before ?? {}
  const a = after ?? {}
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return fields.filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f])).map((field) => ({ field, before: b[field], after: a[field] }))
}

/** A value as one short line: text as is, nothing as "—", anything else as JSON. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return '—'
  if (typeof v === 'string') return v
  return JSON.stringify(v)
}
