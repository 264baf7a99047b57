import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { Section } from './section'

/** Security: the way to the page of sessions, sign-ins and linked sign-ins. */
export function SecurityLinkCard() {
  return (
    <Section icon={ShieldCheck} tone="sky" title="Security" description="Where you're signed in, your recent sign-ins, and Google.">
      <Button asChild size="sm" variant="outline">
        <Link to={paths.profileSecurity}>Sessions and sign-ins</Link>
      </Button>
    </Section>
  )
}
