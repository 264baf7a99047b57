import { Mail, MessageCircle, Newspaper } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { Logo } from './logo'
import { SupportEmailLink } from '@/components/support-email-link'

const readMore = [
  { to: paths.values, label: 'Our Values' },
  { to: paths.books, label: 'Books & Merchandise' },
  { to: paths.characters, label: 'Characters' },
  { to: paths.blog, label: 'Blog' },
]

const helpAndPolicies = [
  { to: paths.faq, label: 'FAQ' },
  { to: paths.shipping, label: 'Shipping Policy' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
]


export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer data-shop-only className="mt-16 bg-tiger-800 text-tiger-50 [&_:focus-visible]:outline-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to={paths.home} className="flex items-center gap-2">
            <Logo className="size-10" />
            <span className="font-display text-2xl font-bold text-white">{brand.name}</span>
          </Link>
          <p className="mt-3 text-tiger-100">{brand.tagline}</p>
        </div>
        <FooterColumn title="Read More">
          {readMore.map((l) => (
            <FooterLink key={l.to} to={l.to}>
              {l.label}
            </FooterLink>
          ))}
        </FooterColumn>
        <FooterColumn title="Help & Policies">
          {helpAndPolicies.map((l) => (
            <FooterLink key={l.to} to={l.to}>
              {l.label}
            </FooterLink>
          ))}
        </FooterColumn>
        <FooterColumn title="Contact Us">
          <FooterLink to={paths.contactForm}>
            <MessageCircle className="size-4" /> Contact form
          </FooterLink>
          <FooterLink to={paths.newsletter}>
            <Newspaper className="size-4" /> Newsletter
          </FooterLink>
          <li>
            <SupportEmailLink className="inline-flex items-center gap-2 text-tiger-100 hover:text-white">
              <Mail className="size-4" />
            </SupportEmailLink>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-tiger-200">
        {/* A page server-rendered last year may say last year's until the next render. */}
        <span suppressHydrationWarning>© {year}</span> {brand.name}. All rights reserved.
      </div>
    </footer>
  )
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-display text-lg font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  )
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="inline-flex items-center gap-2 text-tiger-100 hover:text-white">
        {children}
      </Link>
    </li>
  )
}
