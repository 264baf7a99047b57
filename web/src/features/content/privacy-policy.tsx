import { Baby, CalendarClock, Cookie, Database, Lock, Mail, Share2, UserCheck } from 'lucide-react'
import { Link } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { facts } from './facts'
import { DotList, PolicyLayout, ProseSection } from './prose'
import { SupportEmailLink } from '@/components/support-email-link'
import { usePrivacySettings } from '@/lib/settings'
import { RetentionScheduleTable } from './retention-schedule'

const sections = [
  { id: 'collect', title: 'What we collect' },
  { id: 'use', title: 'How we use it' },
  { id: 'share', title: 'Who we share it with' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'children', title: 'Children\u2019s privacy' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'security', title: 'Keeping it safe' },
  { id: 'rights', title: 'Your choices and rights' },
  { id: 'contact', title: 'Contact us' },
]

/** The privacy policy, written for parents in plain words. */
export function PrivacyPolicy() {
  const privacy = usePrivacySettings()
  return (
    <PolicyLayout sections={sections}>
      <p className="text-lg leading-relaxed text-ink/85">
        {brand.name} makes books and stories for children aged {facts.ages}, and the grown-ups who read with them. We collect as little personal information as we
        can, we never sell it, and we explain here exactly what we keep and why.
      </p>
      <ProseSection id="collect" title="What we collect" icon={Database}>
        <DotList
          items={[
            <><strong>Account details</strong> you give us: your name, e-mail address, country, language and, if you choose, your date of birth.</>,
            <><strong>Your children&rsquo;s first names (or nicknames) and birth month and year</strong>, only if you add them, so stories fit their age. Never the day.</>,
            <><strong>Order details</strong>: what you bought, your delivery address and how you paid. Card numbers are handled by our payment partners and never stored by us.</>,
            <><strong>Device information</strong> when you sign in (device type, browser and operating system), so you can see where your account is used.</>,
            <><strong>Messages</strong> you send us through the contact form.</>,
          ]}
        />
      </ProseSection>
      <ProseSection id="use" title="How we use it" icon={UserCheck} tone="bg-leaf-100 text-leaf-700">
        <DotList
          items={[
            'To run your account, deliver your orders and send receipts and shipping updates.',
            'To personalize stories in Dream Maker with your child\u2019s name and age.',
            'To answer your questions and help when something goes wrong.',
            'To send our newsletter, only if you subscribed. Every e-mail has a one-click unsubscribe link.',
            'To keep the shop safe, for example by spotting unusual sign-ins.',
          ]}
        />
      </ProseSection>
      <ProseSection id="share" title="Who we share it with" icon={Share2} tone="bg-sky-100 text-sky-700">
        <p>
          We never sell or rent personal information. We share only what is needed with the companies that help us run the shop: payment providers, delivery carriers
          and our e-mail service. Each of them may use the information only to provide their service to us. We may also disclose information when the law requires it.
        </p>
        <p>
          <strong>Nothing about your children goes to anyone else.</strong> Their names, ages and stories stay with us: no payment provider, carrier, analytics or
          device-detection script ever sees them.
        </p>
      </ProseSection>
      <ProseSection id="cookies" title="Cookies" icon={Cookie} tone="bg-sun-100 text-tiger-700">
        <p>
          We use a small number of essential cookies and browser storage to keep you signed in, remember your cart and save your game settings. We do not use
          advertising cookies. Optional analytics are only used when you accept all cookies.
        </p>
      </ProseSection>
      <ProseSection id="children" title={"Children\u2019s privacy"} icon={Baby} tone="bg-berry-100 text-berry-700">
        <p>
          Our books are for children, but our accounts and services are for parents and guardians. Our services are not intended for children under {facts.minimumAge},
          and we do not knowingly collect personal information directly from children under {facts.minimumAge}. Any details about a child are entered and managed by
          their parent or guardian. If you believe a child has given us personal information, please contact us and we will delete it promptly.
        </p>
        <p>
          Before you add a first child we ask you to confirm you are their parent or legal guardian and to accept our short{' '}
          <Link to={paths.childrenPrivacy} className="font-bold text-tiger-700 underline-offset-4 hover:underline">children&rsquo;s privacy notice</Link>. In the{' '}
          <Link to={paths.privacyCentre} className="font-bold text-tiger-700 underline-offset-4 hover:underline">privacy center</Link> you can see everything we
          hold about each child, download it, and delete it.
        </p>
      </ProseSection>
      <ProseSection id="retention" title="How long we keep it" icon={CalendarClock} tone="bg-sky-100 text-sky-700">
        <p>Nothing is kept for ever: our systems delete, automatically, what this schedule no longer keeps.</p>
        {privacy ? <RetentionScheduleTable schedule={privacy.retention} /> : <p>Our retention schedule is loading…</p>}
      </ProseSection>
      <ProseSection id="security" title="Keeping it safe" icon={Lock} tone="bg-grape-100 text-grape-700">
        <p>
          Passwords are stored only in scrambled (hashed) form, all traffic is encrypted, and access to personal information is limited to the people who need it to
          help you. We keep information only as long as your account is open or as the law requires for orders and invoices.
        </p>
      </ProseSection>
      <ProseSection id="rights" title="Your choices and rights" icon={UserCheck} tone="bg-leaf-100 text-leaf-700">
        <p>
          You can see and update your details on your profile page at any time, change your e-mail preferences, and ask us for a copy of your data or for your account to
          be deleted. Depending on where you live you may have further rights, such as objecting to certain uses; just ask.
        </p>
      </ProseSection>
      <ProseSection id="contact" title="Contact us" icon={Mail} tone="bg-tiger-100 text-tiger-700">
        <p>
          Questions about your privacy? Write to{' '}
          <SupportEmailLink className="font-bold text-tiger-700 underline-offset-4 hover:underline" />{' '}
          or use our <Link to={paths.contactForm} className="font-bold text-tiger-700 underline-offset-4 hover:underline">contact form</Link>. If we change this policy
          we will update the date at the top and, for important changes, tell you by e-mail.
        </p>
      </ProseSection>
    </PolicyLayout>
  )
}
