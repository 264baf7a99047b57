import type { ReactNode } from 'react'
import { useSupportEmail } from '@/lib/settings'

/** A mailto link to the shop's support address (the server's SUPPORT_EMAIL); `children` go before the address, e.g. an icon. */
export function SupportEmailLink({ className, children }: { className?: string; children?: ReactNode }) {
  const email = useSupportEmail()
  if (!email) return null
  return (
    <a href={`mailto:${email}`} className={className}>
      {children}
      {email}
    </a>
  )
}
