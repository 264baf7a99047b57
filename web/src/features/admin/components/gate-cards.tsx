import { ShieldAlert, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'

function GateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card className="p-6 sm:p-8">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-tiger-100 text-tiger-700" aria-hidden="true">
          {icon}
        </span>
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>
        {children}
      </Card>
    </div>
  )
}

/**
 * A staff member whose account has no second factor: the back office (or
 * another staff page, such as the games' configuration) opens only after
 * two-step sign-in is on.
 */
export function TwoStepRequired({ what = 'The back office' }: { what?: string }) {
  return (
    <GateCard icon={<ShieldAlert className="size-7" />} title={`${what} needs two-step sign-in`}>
      <p className="mt-3 text-lg text-muted">
        The back office moves money and changes what every visitor sees, so it asks for a code from an authenticator app as well as your
        password. Turn on two-step sign-in in your profile, then come back here.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={paths.profileTwoStep}>
          <ShieldCheck aria-hidden="true" /> Turn on two-step sign-in
        </Link>
      </Button>
    </GateCard>
  )
}

/** A page the caller's role does not include (a link followed from elsewhere). */
export function RoleDenied() {
  return (
    <div className="rounded-2xl border-2 border-line bg-white p-6">
      <h1 className="text-2xl font-bold">Your role does not allow this</h1>
      <p className="mt-2 text-muted">Ask an owner of the shop if you need this page.</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={paths.admin}>Back to the back office</Link>
      </Button>
    </div>
  )
}
