/** spec 01 §4 "Password strength meter": 25 points for each rule met. */
export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong'

export function passwordScore(password: string): number {
  const rules = [password.length >= 8, /[A-Z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)]
  return rules.filter(Boolean).length * 25
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 25) return 'Weak'
  if (score <= 50) return 'Fair'
  if (score <= 75) return 'Good'
  return 'Strong'
}
