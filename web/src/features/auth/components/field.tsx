import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/components/ui/input'
import { FieldError, Label } from '@/components/ui/label'

/** A labelled input with its message, wired for screen readers. */
export function Field({ id, label, error, hint, ...input }: ComponentProps<typeof Input> & { id: string; label: ReactNode; error?: string; hint?: ReactNode }) {
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {hint}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
