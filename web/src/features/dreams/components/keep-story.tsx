import { Heart } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { messageOf } from '@/lib/errors'
import { usePrivacySettings } from '@/lib/settings'
import { useKeepDream } from '../api/keep-dream'
import type { Dream } from '../types'

/**
 * "Keep this story": a story the parent keeps stays; the others are deleted
 * after the retention schedule's months (issue 30). Pressing it again lets
 * the story go then.
 */
export function KeepStory({ dream }: { dream: Dream }) {
  const [kept, setKept] = useState(dream.kept === true)
  const keep = useKeepDream()
  const months = usePrivacySettings()?.retention.dreamMonths
  async function toggle() {
    try {
      const res = await keep.mutateAsync({ id: dream.id, kept: !kept })
      setKept(res.kept)
      toast.success(res.kept ? 'Story kept' : 'Story no longer kept')
    } catch (err) {
      toast.error('Could not change the story', { description: messageOf(err) })
    }
  }
  return (
    <>
      <Button type="button" variant={kept ? 'secondary' : 'outline'} aria-pressed={kept} disabled={keep.isPending} onClick={() => void toggle()}>
        <Heart aria-hidden="true" className={kept ? 'fill-current' : undefined} /> {kept ? 'Kept' : 'Keep this story'}
      </Button>
      {!kept && months !== undefined && (
        <p className="w-full text-sm text-stone-600">Stories you don&rsquo;t keep are deleted after {months} months.</p>
      )}
    </>
  )
}
