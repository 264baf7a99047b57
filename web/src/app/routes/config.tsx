import { ArrowLeft, Home, ShieldX } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Loading } from '@/components/ui/loading'
import { Page } from '@/components/ui/page'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { useAdminMeQuery } from '@/features/admin/api/get-admin-me'
import { TwoStepRequired } from '@/features/admin/components/gate-cards'
import { useAuth } from '@/features/auth/auth-provider'
import { SignIn } from '@/features/auth/components/sign-in'
import { DifferencePairsEditor } from '@/features/games/components/difference-pairs-editor'
import { GameImagesEditor } from '@/features/games/components/game-images-editor'
import { usePublishedStore } from '@/features/games/api/save-game-config'
import { ApiError } from '@/lib/api'
import { useGoBack } from '@/lib/use-go-back'

/**
 * /config (spec 02 §2, §4 "Config access"): loading → sign-in form (and the
 * two-step code, if owed) → Access Denied, how to turn two-step sign-in on
 * (every staff write needs a two-step session; the server decides it again
 * on each save), or the admin panel.
 */
export default function ConfigPage() {
  const { user, loading, profile, isAdmin } = useAuth()
  const me = useAdminMeQuery(user !== null && isAdmin)
  if (loading || (user && !profile)) return <Loading />
  if (!user) return <ConfigSignIn />
  if (!isAdmin) return <AccessDenied />
  if (me.isPending) return <Loading />
  if (me.isError && me.error instanceof ApiError && me.error.code === 'insufficient_aal') return <TwoStepRequired what="Game configuration" />
  return <AdminPanel />
}

/** Spec 02 §2: Back, and the login form (Google, 'Or', e-mail and password); it stays on /config, where the panel follows. */
function ConfigSignIn() {
  const back = useGoBack(paths.home)
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Button variant="ghost" size="sm" onClick={back}>
        <ArrowLeft aria-hidden="true" /> Back
      </Button>
      <Card className="mt-4 p-6 sm:p-8">
        <h1 className="text-3xl font-bold">Game Configuration</h1>
        <p className="mt-2 text-muted">Sign in with an admin account to configure the games.</p>
        <div className="mt-6">
          <SignIn returnTo={paths.config} cancelTo={paths.config} failureTitle="Login failed" browserValidation={false} />
        </div>
      </Card>
    </div>
  )
}

function AccessDenied() {
  const navigate = useNavigate()
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-berry-100 text-berry-500">
        <ShieldX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-3xl font-bold">Access Denied</h1>
      <p className="mt-2 text-lg text-muted">Only the shop&apos;s admins can configure the games.</p>
      <Button className="mt-6" onClick={() => navigate(paths.home)}>
        <Home aria-hidden="true" /> Back to Homepage
      </Button>
    </div>
  )
}

function AdminPanel() {
  const navigate = useNavigate()
  const images = usePublishedStore('gameImages')
  const pairs = usePublishedStore('differencePairs')
  return (
    <Page title="Game Configuration" intro="What you save here is published: every visitor plays these pictures, beside their own and the shop's (unless you switch those off).">
      <Button variant="outline" className="-mt-4 mb-6" onClick={() => navigate(paths.home)}>
        <ArrowLeft aria-hidden="true" /> Back to Home
      </Button>
      {images.loading ? (
        <Loading />
      ) : (
        <Tabs defaultValue="find-differences">
          <TabsList>
            <TabsTrigger value="find-objects">Find Objects</TabsTrigger>
            <TabsTrigger value="find-differences">Find Differences</TabsTrigger>
          </TabsList>
          <TabsContent value="find-objects">
            <GameImagesEditor store={images} />
          </TabsContent>
          <TabsContent value="find-differences">
            <DifferencePairsEditor store={pairs} exportable />
          </TabsContent>
        </Tabs>
      )}
    </Page>
  )
}
