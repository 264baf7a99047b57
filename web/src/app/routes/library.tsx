import { useAuth } from '@/features/auth/auth-provider'
import { useKidMode } from '@/features/kid-mode/use-kid-mode'
import { Library } from '@/features/storybook-reader/components/library'

export default function LibraryPage() {
  const { profile } = useAuth()
  const kid = useKidMode()
  return <Library parentName={profile?.first_name || 'Me'} kid={kid} />
}
