import { Mail } from 'lucide-react'
import { CharacterPortrait } from '@/components/art/characters'
import { NewsletterForm } from '@/features/newsletter'

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
        <NewsletterForm />
        <p className="mt-3 text-sm text-muted">No spam, ever. Just good stories.</p>
      </div>
    </section>
  )
}
