import { RotateCcw } from 'lucide-react'
import { Alert } from './alert'
import { Button } from './button'

/** A read that failed (not a 404): says what could not be loaded and offers to try again. */
export function LoadFailed({ what, onRetry, className }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <Alert tone="error" className={className}>
      <p className="font-bold">We couldn't load {what}.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCcw /> Try again
      </Button>
    </Alert>
  )
}
