import { ArrowLeft } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LinkedCard } from './linked-card'
import { SessionsCard } from './sessions-card'
import { SignInsCard } from './sign-ins-card'

/**
 * The parent's security page: where the account is signed in, its recent
 * sign-ins, and the ways in (Google linked or not). linkError is what a
 * Google linking that failed brought back.
 */
export function SecurityPage({ onBack, returnPath, linkError }: { onBack: () => void; returnPath: string; linkError: string | null }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Button variant="ghost" size="sm" className="mb-6" onClick={onBack}>
        <ArrowLeft /> Back
      </Button>
      <header className="mb-8 rounded-3xl bg-gradient-to-br from-sky-100 via-cream to-leaf-100 px-6 py-8 sm:px-10">
        <h1 className="text-3xl font-bold sm:text-4xl">Security</h1>
        <p className="mt-2 text-lg text-muted">Where your account is signed in, and how.</p>
      </header>
      {linkError && (
        <Alert tone="error" className="mb-6">
          <p className="font-bold">Google could not be linked.</p>
          <p>{linkError}</p>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SessionsCard />
        <SignInsCard />
        <LinkedCard returnPath={returnPath} />
      </div>
    </div>
  )
}
