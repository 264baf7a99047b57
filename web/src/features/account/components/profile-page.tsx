import { ArrowLeft, LogOut } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useGeo } from '@/lib/geo'
import { useProfile } from '../api/get-profile'
import { ChildrenCard, CHILDREN_CARD_ID } from './children-card'
import { CommunicationsCard } from './communications-card'
import { ConsentRenewal } from './consent-renewal'
import { DevicesCard } from './devices-card'
import { OrdersCard } from './orders-card'
import { PasskeysCard } from './passkeys-card'
import { PasswordCard } from './password-card'
import { ProfileInfoCard } from './profile-info-card'
import { SecurityKeysCard } from './security-keys-card'
import { SecurityLinkCard } from './security-link-card'
import { TwoStepCard } from './two-step-card'
import { YourDataCard } from './your-data-card'

/** The navigation state that asks the page to scroll to My Children (Dream Maker sends it). */
export type ProfileNavigationState = { scrollToChildren?: boolean }

/** Spec 02 §9: the scroll to the children card waits this long. */
export const SCROLL_TO_CHILDREN_DELAY_MS = 100

export type ProfilePageProps = {
  /** The signed-in parent, or null. */
  userId: string | null
  authLoading: boolean
  scrollToChildren: boolean
  onBack: () => void
  onSignOut: () => Promise<void>
  onSignOutOthers: () => Promise<void>
  onAccountDeleted: () => Promise<void>
}

/** The parent's profile page (spec 02 §2 and §4), every card and state. */
export function ProfilePage(props: ProfilePageProps) {
  const { userId, authLoading } = props
  if (authLoading) return <Loading />
  if (!userId) return <NotLoggedIn />
  return <SignedInProfile {...props} userId={userId} />
}

function SignedInProfile({ userId, scrollToChildren, onBack, onSignOut, onSignOutOthers, onAccountDeleted }: ProfilePageProps & { userId: string }) {
  const profile = useProfile(userId)
  // A missing country is filled from the detection lookup before the form shows.
  const missingPlace = profile.data !== undefined && !profile.data.country
  const geo = useGeo(missingPlace)

  useEffect(() => {
    if (!scrollToChildren || !profile.data) return
    const timer = window.setTimeout(
      () => document.getElementById(CHILDREN_CARD_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      SCROLL_TO_CHILDREN_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [scrollToChildren, profile.data])

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> Back
        </Button>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => void onSignOut()}>
          <LogOut /> Sign Out
        </Button>
      </div>
      <header className="mb-8 rounded-3xl bg-gradient-to-br from-tiger-100 via-cream to-leaf-100 px-6 py-8 sm:px-10">
        <h1 className="text-3xl font-bold sm:text-4xl">My Profile</h1>
        {profile.data && (
          <p className="mt-2 text-lg text-muted">
            Hello{profile.data.first_name ? `, ${profile.data.first_name}` : ''}! Here is everything about your family's account.
          </p>
        )}
      </header>
      {profile.isPending && <Loading />}
      {profile.isError && (
        <Card className="mx-auto max-w-lg text-center">
          <CardHeader>
            <CardTitle>Profile Error</CardTitle>
            <CardDescription>{profile.error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => window.location.reload()}>Retry Loading Profile</Button>
          </CardContent>
        </Card>
      )}
      {profile.data && missingPlace && geo.isPending && <Loading />}
      {profile.data && !(missingPlace && geo.isPending) && <ConsentRenewal />}
      {profile.data && !(missingPlace && geo.isPending) && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileInfoCard
            key={profile.data.id}
            profile={profile.data}
            detectedCountry={missingPlace ? geo.data?.countryCode : undefined}
          />
          <ChildrenCard />
          <CommunicationsCard />
          <PasswordCard />
          <DevicesCard onSignOutOthers={onSignOutOthers} />
          <OrdersCard />
          <TwoStepCard />
          <PasskeysCard />
          <SecurityKeysCard />
          <SecurityLinkCard />
          <YourDataCard onDeleted={onAccountDeleted} />
        </div>
      )}
    </div>
  )
}

function NotLoggedIn() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader>
          <CardTitle>Not Logged In</CardTitle>
          <CardDescription>Sign in to see your profile, your children and your orders.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.login} state={{ from: { pathname: paths.profile } }}>
              Go to Login
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
