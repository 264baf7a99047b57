import { useParams } from 'react-router'
import { useAuth } from '@/features/auth/auth-provider'
import { useKidMode } from '@/features/kid-mode/use-kid-mode'
import { StoryReader } from '@/features/storybook-reader/components/story-reader'
import NotFoundPage from './not-found'

export default function ReadPage() {
  const { id: slug = '' } = useParams()
  const { user } = useAuth()
  const kid = useKidMode()
  return <StoryReader slug={slug} userId={user?.id ?? null} kid={kid} notFound={<NotFoundPage />} />
}
