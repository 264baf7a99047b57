import { cn } from '@/lib/cn'
import { passwordScore, strengthLabel, type StrengthLabel } from '../password-strength'

const colors: Record<StrengthLabel, string> = {
  Weak: 'bg-red-400',
  Fair: 'bg-tiger-400',
  Good: 'bg-sun-400',
  Strong: 'bg-leaf-500',
}

/** spec 01 §4 "Password strength meter": four steps of 25 points. */
export function StrengthMeter({ password }: { password: string }) {
  if (!password) return null
  const score = passwordScore(password)
  const label = strengthLabel(score)
  return (
    <div className="space-y-1" data-testid="password-strength">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
        className="flex gap-1.5"
      >
        {[25, 50, 75, 100].map((step) => (
          <span key={step} className={cn('h-2 flex-1 rounded-full transition-colors', score >= step ? colors[label] : 'bg-line')} />
        ))}
      </div>
      <p className="text-sm text-muted">
        Password strength: <span className="font-bold text-ink">{label}</span>
      </p>
    </div>
  )
}
