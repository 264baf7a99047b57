export const TOO_MANY_INTERESTS = 'You can only select up to 3 interests. Please remove one before adding another.'
export const OTHER = 'other'

/**
 * Toggles an interest: a chosen one is removed; a new one is added unless
 * `max` are already chosen (then `warning` is set). 'other' always stays last.
 */
export function toggleInterest(chosen: string[], id: string, max: number): { chosen: string[]; warning: string | null } {
  if (chosen.includes(id)) return { chosen: chosen.filter((c) => c !== id), warning: null }
  if (chosen.length >= max) return { chosen, warning: TOO_MANY_INTERESTS }
  const next = [...chosen.filter((c) => c !== OTHER), id]
  if (chosen.includes(OTHER) && id !== OTHER) next.push(OTHER)
  return { chosen: next, warning: null }
}

/** The create button waits for a child and a gender. */
export function canCreate(kidId: string, gender: string, busy: boolean) {
  return kidId !== '' && gender !== '' && !busy
}
