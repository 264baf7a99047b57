import { CircleAlert } from 'lucide-react'
import type { Problem } from '../types'

/**
 * What keeps the storybook from being published, as the last save's check
 * found it, page by page; each names its page and shows it in the editor.
 */
export function ProblemsList({ problems, onShow }: { problems: Problem[]; onShow: (page: string) => void }) {
  if (problems.length === 0) return null
  return (
    <section aria-labelledby="story-problems" className="rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-800">
      <h2 id="story-problems" className="flex items-center gap-2 text-lg font-bold">
        <CircleAlert className="size-5" aria-hidden="true" /> To fix before publishing
      </h2>
      <ul className="mt-2 space-y-1">
        {problems.map((p, i) => (
          <li key={i}>
            {p.page ? (
              <button type="button" onClick={() => onShow(p.page)} className="cursor-pointer text-left font-bold underline underline-offset-4 hover:text-red-900">
                {p.page}
              </button>
            ) : (
              <span className="font-bold">The whole story</span>
            )}
            : {p.message}
          </li>
        ))}
      </ul>
    </section>
  )
}
