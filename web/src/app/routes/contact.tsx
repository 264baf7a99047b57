import { Clock, MessageCircleHeart } from 'lucide-react'
import { Link } from 'react-router'
import { CharacterPortrait } from '@/components/art/characters'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { ContactForm } from '@/features/contact/components/contact-form'
import { ContactInfo } from '@/features/contact/components/contact-info'
import { facts } from '@/features/content/facts'
import { StoreHours } from '@/components/store-hours'

export default function ContactPage() {
  return (
    <Page title="Contact Us" intro="Questions about an order, a book or a story idea? We would love to hear from you.">
      <ContactInfo address={facts.address} />

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section
          id="contact-form"
          aria-labelledby="contact-form-title"
          // scroll-mt keeps the form's title clear of the sticky header when arriving from /contact#contact-form.
          className="scroll-mt-28 rounded-[2rem] border-2 border-line bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="flex items-center gap-3 text-3xl font-bold">
            <MessageCircleHeart className="size-8 text-berry-500" aria-hidden="true" /> Send us a message
          </h2>
          <p className="mb-6 mt-2 text-muted">All fields are required. A real person from our team reads every message.</p>
          <ContactForm />
        </section>

        <aside className="space-y-6">
          <div className="rounded-3xl bg-gradient-to-br from-sun-100 to-tiger-100 p-6">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <Clock className="size-5 text-tiger-700" aria-hidden="true" /> Store hours
            </h2>
            <StoreHours hours={facts.hours} className="mt-3" />
          </div>
          <div className="flex items-center gap-4 rounded-3xl bg-leaf-100 p-6">
            <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-white" aria-hidden="true">
              <CharacterPortrait id="lizzie" className="size-14" />
            </span>
            <p className="text-ink/85">
              Lizzie says: many answers are already in our{' '}
              <Link to={paths.faq} className="font-bold text-leaf-700 underline-offset-4 hover:underline">
                FAQ
              </Link>
              !
            </p>
          </div>
        </aside>
      </div>
    </Page>
  )
}
