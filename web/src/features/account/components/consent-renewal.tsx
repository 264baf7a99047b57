import { ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { useKids } from '@/lib/kids'
import { useConsents, useGiveConsent } from '../api/consents'

/**
 * A new version of the children's privacy notice asks again, on the parent's
 * next visit to the account area: shown while the parent has children and
 * their consent covers an older version (or was withdrawn).
 */
export function ConsentRenewal() {
  const consents = useConsents()
  const kids = useKids()
  const give = useGiveConsent()
  const [guardian, setGuardian] = useState(false)
  const [notice, setNotice] = useState(false)
  const guardianId = useId()
  const noticeId = useId()
  if (!consents.data || consents.data.current || !kids.data?.length) return null
  const { noticeVersion } = consents.data

  async function accept() {
    try {
      await give.mutateAsync(noticeVersion)
      toast.success('Thank you!', { description: 'Your consent is recorded.' })
    } catch (err) {
      toast.error('Could not record your consent', { description: messageOf(err) })
    }
  }

  return (
    <section aria-labelledby={`${guardianId}-title`} className="mb-6 rounded-3xl border-2 border-berry-100 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-berry-100 text-berry-700" aria-hidden="true">
          <ShieldCheck className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1 gap-3">
          <h2 id={`${guardianId}-title`} className="font-display text-xl font-bold">
            Our children&rsquo;s privacy notice has changed
          </h2>
          <p className="text-muted">
            Please read{' '}
            <Link to={paths.childrenPrivacy} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
              version {noticeVersion}
            </Link>{' '}
            and confirm it is fine with you. If it is not, you can delete your children&rsquo;s details in the{' '}
            <Link to={paths.privacyCentre} className="font-bold text-tiger-700 underline-offset-2 hover:underline">
              privacy center
            </Link>
            .
          </p>
          <div className="flex items-start gap-3">
            <Checkbox id={guardianId} className="mt-0.5" checked={guardian} onCheckedChange={(v) => setGuardian(v === true)} />
            <Label htmlFor={guardianId} className="cursor-pointer font-normal leading-snug">
              I am my children&rsquo;s parent or legal guardian
            </Label>
          </div>
          <div className="flex items-start gap-3">
            <Checkbox id={noticeId} className="mt-0.5" checked={notice} onCheckedChange={(v) => setNotice(v === true)} />
            <Label htmlFor={noticeId} className="cursor-pointer font-normal leading-snug">
              I have read and accept the children&rsquo;s privacy notice
            </Label>
          </div>
          <Button className="justify-self-start" disabled={!guardian || !notice || give.isPending} onClick={() => void accept()}>
            {give.isPending ? 'Saving…' : 'Accept the new notice'}
          </Button>
        </div>
      </div>
    </section>
  )
}
