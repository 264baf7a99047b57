import { useAuth } from '@/features/auth/auth-provider'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'
import { useKidMode } from '@/features/kid-mode/use-kid-mode'
import { Library } from '@/features/storybook-reader/components/library'

export default function LibraryPage() {
  const { profile } = useAuth()
  const kid = useKidMode()
  // A parent picks who is reading, then may hand the device over in kid mode.
  return <Library parentName={profile?.first_name || 'Me'} kid={kid} handOver={<KidModeSwitch />} />
}
