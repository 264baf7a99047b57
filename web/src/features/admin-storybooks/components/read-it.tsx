import { ArrowLeft, RotateCcw, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { PageView } from '@/components/storybook/page-view'
import { ReadToMeButton, useReadAloud } from '@/components/storybook/read-to-me'
import { Button } from '@/components/ui/button'
import { useModalDialog } from '@/components/ui/modal-dialog'
import type { AdminStorybook } from '../types'

/**
 * "Read it": the saved storybook as a child reads it, in the reader's own
 * page view, choice by choice from the start or from the page chosen; Back,
 * "Read to me" (the narration and word timings saved with the page, or the
 * browser's voice) and Start again as in the reader. Open while `from` names a page.
 */
export function ReadIt({ story, from, onClose }: { story: AdminStorybook; from: string | null; onClose: () => void }) {
  const ref = useModalDialog(from !== null)
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => from !== null && onClose()}
      className="m-auto h-[calc(100dvh-1rem)] max-h-none w-[calc(100%-1rem)] max-w-6xl overflow-auto rounded-3xl border-2 border-line bg-cream p-4 text-ink shadow-2xl backdrop:bg-ink/50 sm:p-6"
    >
      {from !== null && <Reading key={from} story={story} from={from} titleId={titleId} onClose={onClose} />}
    </dialog>
  )
}

function Reading({ story, from, titleId, onClose }: { story: AdminStorybook; from: string; titleId: string; onClose: () => void }) {
  const [trail, setTrail] = useState([from])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = trail[trail.length - 1]
  const page = story.pages.find((p) => p.id === id)
  const turned = trail.length > 1
  const aloud = useReadAloud(page)
  // A turn moves focus to the new page's heading, as in the reader.
  useEffect(() => {
    if (turned) headingRef.current?.focus()
  }, [id, turned])
  return (
    <div className="space-y-4">
      <header className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <p className="text-sm font-bold tracking-wide text-tiger-800 uppercase">Read it: as a child sees it</p>
          <h2 id={titleId} className="text-2xl font-bold sm:text-3xl">
            {story.title}
          </h2>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Reading tools">
          <Button type="button" variant="outline" size="sm" onClick={() => setTrail((t) => t.slice(0, -1))} disabled={trail.length < 2}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
          <ReadToMeButton aloud={aloud} disabled={!page} size="sm" />
          <Button type="button" variant="outline" size="sm" onClick={() => setTrail([story.start])}>
            <RotateCcw aria-hidden="true" /> Start again
          </Button>
          <Button type="button" size="sm" onClick={onClose} autoFocus>
            <X aria-hidden="true" /> Close
          </Button>
        </div>
      </header>
      {aloud.message && (
        <p role="status" className="font-semibold text-tiger-800">
          {aloud.message}
        </p>
      )}
      <div className="min-h-[60svh] rounded-[2rem] bg-white p-4 shadow-sm sm:p-8">
        {page ? (
          <PageView
            page={page}
            heading={`Page ${trail.length}`}
            headingRef={headingRef}
            turned={turned}
            highlight={aloud.highlight}
            onChoose={(to) => setTrail((t) => [...t, to])}
            ending={<p className="mt-3 text-muted">One of {story.report.endings} endings.</p>}
          />
        ) : (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 font-bold text-red-700">
            There is no page called {id} in the saved storybook: a choice leads nowhere. Fix it in the editor, save, and read again.
          </p>
        )}
      </div>
    </div>
  )
}
