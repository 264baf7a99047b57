import { Mail, MapPin, Phone, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { brand } from '@/config/brand'
import { SupportEmailLink } from '@/components/support-email-link'

export type PostalAddress = { street: string; city: string; country: string }

/** The three info cards: e-mail, phone and postal address. */
export function ContactInfo({ address }: { address: PostalAddress }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      <InfoCard icon={Mail} title="Email us" tone="bg-tiger-100 text-tiger-700" note="We reply within one business day.">
        <SupportEmailLink className="break-all font-bold text-tiger-700 underline-offset-4 hover:underline" />
      </InfoCard>
      <InfoCard icon={Phone} title="Call us" tone="bg-leaf-100 text-leaf-700" note="During store hours.">
        <a href={`tel:${brand.phone.replace(/[^+\d]/g, '')}`} className="font-bold text-leaf-700 underline-offset-4 hover:underline">
          {brand.phone}
        </a>
      </InfoCard>
      <InfoCard icon={MapPin} title="Write to us" tone="bg-berry-100 text-berry-500">
        <address className="not-italic">
          {brand.name}
          <br />
          {address.street}
          <br />
          {address.city}
          <br />
          {address.country}
        </address>
      </InfoCard>
    </ul>
  )
}

function InfoCard({ icon: Icon, title, tone, note, children }: { icon: LucideIcon; title: string; tone: string; note?: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-3 rounded-3xl border-2 border-line bg-white p-6 shadow-sm">
      <span className={`flex size-12 items-center justify-center rounded-2xl ${tone}`}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="text-ink/85">{children}</div>
      {note && <p className="text-sm text-muted">{note}</p>}
    </li>
  )
}
