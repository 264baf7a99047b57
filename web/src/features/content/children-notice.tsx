import { Baby, CalendarClock, Eye, HeartHandshake, ShieldCheck, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { usePrivacySettings } from '@/lib/settings'
import { SupportEmailLink } from '@/components/support-email-link'
import { DotList, ProseSection } from './prose'

const link = 'font-bold text-tiger-700 underline-offset-4 hover:underline'

/**
 * The children's privacy notice: short, plain and versioned. A parent
 * accepts its current version before adding a first child; a new version
 * (internal/account NoticeVersion) asks every parent again.
 */
export function ChildrenNotice() {
  const privacy = usePrivacySettings()
  const r = privacy?.retention
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {privacy && (
        <p className="inline-flex rounded-full bg-sun-100 px-4 py-1.5 text-sm font-bold text-tiger-800">Version {privacy.noticeVersion}</p>
      )}
      <p className="text-lg leading-relaxed text-ink/85">
        {brand.name} is for families. Children play and listen; their grown-ups hold the account. Here, in a few lines, is what we keep about a child and why.
      </p>
      <ProseSection id="what" title="What we keep about a child" icon={Baby} tone="bg-berry-100 text-berry-700">
        <DotList
          items={[
            <><strong>A first name or nickname</strong>, so Dream Maker can put your child in the story.</>,
            <><strong>The month and year they were born</strong>, so stories fit their age. Never the day.</>,
            <><strong>The stories Dream Maker writes for them</strong>, with the name and age used in each.</>,
            <><strong>Your consent</strong>: that you confirmed being their parent or legal guardian, when, and which version of this notice you accepted.</>,
          ]}
        />
        <p>That is all. No photos, no surnames, no school, no location, no voice, nothing typed by your child.</p>
      </ProseSection>
      <ProseSection id="never" title="What we never do" icon={ShieldCheck} tone="bg-leaf-100 text-leaf-700">
        <DotList
          items={[
            'We never give or sell anything about your child to anyone. Not to payment providers, carriers, analytics or device-detection scripts, advertisers or anybody else.',
            'We never show children adverts or build a profile of them.',
            'We never ask a child for information. Only you, signed in, can add or change a child.',
          ]}
        />
      </ProseSection>
      <ProseSection id="how-long" title="How long" icon={CalendarClock} tone="bg-sky-100 text-sky-700">
        <p>
          Stories you did not keep go after {r ? `${r.dreamMonths} months` : 'a year'}; press &ldquo;Keep this story&rdquo; to keep one. Everything about a child
          goes the moment you delete them or your account. If nobody signs in for {r ? `${r.unusedAccountMonths} months` : 'two years'}, we e-mail you and then
          delete the account. The whole schedule is in our <Link to={paths.privacyRetention} className={link}>privacy policy</Link>.
        </p>
      </ProseSection>
      <ProseSection id="choices" title="Your choices" icon={Eye} tone="bg-grape-100 text-grape-700">
        <p>
          In the <Link to={paths.privacyCentre} className={link}>privacy center</Link> you can see everything we hold about each child, download it as a file,
          and delete it. Withdrawing your consent for a child deletes that child&rsquo;s details and stories at once.
        </p>
      </ProseSection>
      <ProseSection id="changes" title="Changes and questions" icon={HeartHandshake} tone="bg-tiger-100 text-tiger-700">
        <p>
          If we change this notice, it gets a new version and we ask you again the next time you open your profile. Questions? Write to{' '}
          <SupportEmailLink className={link} />.
        </p>
      </ProseSection>
      <p className="flex items-center gap-2 text-sm text-muted">
        <Trash2 className="size-4" aria-hidden="true" />
        Deleting is for good: we cannot bring a deleted child or story back.
      </p>
    </div>
  )
}
