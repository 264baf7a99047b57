import { TriangleAlert } from 'lucide-react'

/** Spec 02 §8: the yellow banner shown when saving the configuration failed. */
export function StorageBanner({ show }: { show: boolean }) {
  if (!show) return null
  return (
    <div role="alert" className="flex items-center gap-3 rounded-2xl border-2 border-sun-400 bg-sun-100 p-4 font-semibold text-tiger-900">
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      You&apos;ve reached the browser&apos;s local storage limit. Delete an image or a difference before adding more.
    </div>
  )
}
