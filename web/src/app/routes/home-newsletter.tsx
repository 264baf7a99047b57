import { Mail } from 'lucide-react'
import { lazy, Suspense, type ComponentType } from 'react'
import { CharacterPortrait } from '@/components/art/characters'
import { isServerRendered } from '@/lib/render-env'

const loadForm = () => import('@/features/newsletter/components/newsletter-form')

// The form and its validation (react-hook-form, zod) load after the page has
// painted: they sit at the bottom of the page, and the hero should not wait.
// A server-rendered page has painted already, with the form in it. There the
// form's code is loaded before the app hydrates the page (the route waits for
// `ready`), and the form is rendered without a Suspense boundary, so it is
// hydrated with the rest of the page: React hydrates a boundary's content only
// after the page around it, and for that moment after the app said it was
// ready (boot.ts) the form was the browser's, and sending it reloaded the page.
let ServerRenderedForm: ComponentType | undefined
export const ready = isServerRendered
  ? loadForm().then((module) => {
      ServerRenderedForm = module.NewsletterForm
    })
  : undefined
const LazyForm = lazy(async () => ({ default: (await loadForm()).NewsletterForm }))

/** The home page's newsletter section (id "newsletter", reached by /#newsletter). */
export function NewsletterSection() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="relative -mb-16 scroll-mt-24 overflow-hidden bg-sun-100 py-16">
      <div className="absolute bottom-6 left-6 hidden size-32 -rotate-6 lg:block" aria-hidden="true">
        <CharacterPortrait id="nainni" className="size-full" />
      </div>
      <div className="absolute right-8 top-8 hidden size-28 rotate-6 lg:block" aria-hidden="true">
        <CharacterPortrait id="siso" className="size-full" />
      </div>
      <div className="relative mx-auto max-w-2xl px-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-white text-tiger-500 shadow-sm" aria-hidden="true">
          <Mail className="size-7" />
        </span>
        <h2 id="newsletter-heading" className="mt-4 text-3xl font-bold">
          Join our newsletter
        </h2>
        <p className="mt-3 text-lg text-muted">New stories, games and gentle reading tips, once a month.</p>
        {/* The fallback keeps the form's height, so nothing below it moves when it arrives. */}
        {ServerRenderedForm ? (
          <ServerRenderedForm />
        ) : (
          <Suspense fallback={<div className="mt-8 h-28 sm:h-13" />}>
            <LazyForm />
          </Suspense>
        )}
        <p className="mt-3 text-sm text-muted">No spam, ever. Just good stories.</p>
      </div>
    </section>
  )
}
