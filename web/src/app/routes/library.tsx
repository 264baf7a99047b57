import { useAuth } from '@/features/auth/auth-provider'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'
import { useKidMode } from '@/features/kid-mode/use-kid-mode'
import { Library } from '@/features/storybook-reader/components/library'

export default function LibraryPage() {
  const { user, profile } = useAuth()
  const kid = useKidMode()
  // Behind RequireAuth: there is a user. A parent picks who is reading, then may hand the device over in kid mode.
  if (!user) return null
  return <Library userId={user.id} parentName={profile?.first_name || 'Me'} kid={kid} handOver={<KidModeSwitch />} />
}
