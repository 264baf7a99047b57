import { Cookie } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'
import { CONSENT_EVENT, getConsent, setConsent, type Consent } from '@/lib/consent'

/** spec 01 §9: the banner waits this long before appearing. */
const BANNER_DELAY_MS = 1000

/**
 * spec 01 §2 "Cookie banner": for signed-out visitors who have not chosen,
 * or chose essential only; signed-in users never see it (their consent is
 * set to all at sign-in).
 */
export function CookieBanner() {
  const { user, loading } = useAuth()
  const [due, setDue] = useState(false)
  const [consent, setConsentState] = useState<Consent | null>(getConsent)
  const [dismissed, setDismissed] = useState(false)

  useEffect(() => {
    const id = window.setTimeout(() => setDue(true), BANNER_DELAY_MS)
    const onChange = () => setConsentState(getConsent())
    window.addEventListener(CONSENT_EVENT, onChange)
    window.addEventListener('storage', onChange)
    return () => {
      window.clearTimeout(id)
      window.removeEventListener(CONSENT_EVENT, onChange)
      window.removeEventListener('storage', onChange)
    }
  }, [])

  if (!due || loading || user || dismissed || consent === 'all') return null

  const choose = (value: Consent) => {
    setConsent(value)
    setDismissed(true)
  }

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 motion-safe:animate-rise-in mx-auto max-w-3xl rounded-3xl border-2 border-tiger-200 bg-white p-4 shadow-2xl sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sun-100 text-tiger-700">
            <Cookie className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm leading-relaxed">
            We use cookies to enhance your experience on our site. Essential cookies keep the shop working; with your OK we also use
            cookies that help us improve it.{' '}
            <Link to={paths.privacy} className="font-bold text-tiger-700 hover:underline">
              Privacy Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2 sm:flex-col lg:flex-row">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => choose('essential')}>
            Essential Only
          </Button>
          <Button size="sm" className="flex-1" onClick={() => choose('all')}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  )
}
