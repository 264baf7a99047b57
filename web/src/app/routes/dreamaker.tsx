import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Page } from '@/components/ui/page'
import { scrollToChildren } from '@/config/navigation'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'
import { DreamMaker } from '@/features/dreams/components/dream-maker'

export default function DreamakerPage() {
  const { user, loading } = useAuth()
  return (
    <Page title="Dream Maker" intro="Create a personalized dream story for your little one!">
      {/* The children and stories are the caller's own: ask for them only once the session is known
          (a request sent while the session is being restored would answer 401). */}
      <KidModeSwitch />
      {loading ? (
        <p className="text-stone-600">Loading…</p>
      ) : user ? (
        <DreamMaker key={user.id} profilePath={paths.profile} profileState={scrollToChildren} />
      ) : (
        <div className="space-y-4">
          <p className="text-lg">Sign in to make a dream story for your children.</p>
          <Button asChild>
            <Link to={paths.login} state={{ from: { pathname: paths.dreamaker } }}>Sign In</Link>
          </Button>
        </div>
      )}
    </Page>
  )
}
