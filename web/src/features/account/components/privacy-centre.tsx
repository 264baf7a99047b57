import { ArrowLeft, Baby, CalendarClock, Download, FileHeart, ScrollText, ShieldCheck, Sparkles, Trash2, UserX } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { useKids } from '@/lib/kids'
import { ageText, birthMonthText } from '../age'
import { useChildExport, useDownloadChild, useForgetChild, type ChildExport } from '../api/child-privacy'
import { useConsents, type ConsentEntry } from '../api/consents'
import type { Kid } from '../types'
import { Section } from './section'

const link = 'font-bold text-tiger-700 underline-offset-2 hover:underline'

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * The privacy center (issue 30): each child with everything held about them
 * (the fields, the dreams, the consents), one child's data as a file, and
 * one child deleted with all of it after a confirmation that lists exactly
 * what goes. Withdrawing the consent for a child deletes the same, and the
 * ledger records it.
 */
export function PrivacyCentre({ onBack }: { onBack: () => void }) {
  const kids = useKids()
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> Back
        </Button>
      </div>
      <header className="mb-8 rounded-3xl bg-gradient-to-br from-berry-100 via-cream to-sky-100 px-6 py-8 sm:px-10">
        <h1 className="text-3xl font-bold sm:text-4xl">Privacy center</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">
          Everything we hold about your children, child by child. Download it, or delete it for good. Nothing here is ever shared with anyone else.
        </p>
      </header>
      <div className="grid gap-6">
        {kids.isPending && <Loading />}
        {kids.isError && <p className="text-red-600">We could not load your children: {messageOf(kids.error)}</p>}
        {kids.data?.length === 0 && (
          <Section icon={Baby} tone="berry" title="No children added">
            <p className="text-muted">
              We hold nothing about any child of yours. Children you add on <Link to={paths.profile} className={link}>your profile</Link> will show here.
            </p>
          </Section>
        )}
        {kids.data?.map((kid) => <ChildCard key={kid.id} kid={kid} />)}
        <div className="grid gap-6 lg:grid-cols-2">
          <ConsentLedger />
          <Section icon={CalendarClock} tone="sky" title="Nothing kept for ever">
            <p className="text-muted">
              Stories you do not keep, old devices, sign-in history and unused accounts are deleted on a schedule. Read it in our{' '}
              <Link to={paths.privacyRetention} className={link}>privacy policy</Link>, and the{' '}
              <Link to={paths.childrenPrivacy} className={link}>children&rsquo;s privacy notice</Link> in a few lines.
            </p>
            <p className="mt-3 text-muted">
              To download or delete your whole account, use <strong>Your data</strong> on <Link to={paths.profile} className={link}>your profile</Link>.
            </p>
          </Section>
        </div>
      </div>
    </div>
  )
}

/** One child: everything held, the download, and the deletion. */
function ChildCard({ kid }: { kid: Kid }) {
  const held = useChildExport(kid.id)
  const download = useDownloadChild()
  const forget = useForgetChild()
  const [confirming, setConfirming] = useState<'delete' | 'withdraw' | null>(null)

  async function confirm(withdraw: boolean) {
    try {
      await forget.mutateAsync({ id: kid.id, withdraw })
      toast.success(withdraw ? `Consent withdrawn: ${kid.name}'s data is deleted` : `${kid.name}'s data is deleted`)
    } catch (err) {
      toast.error('Delete failed', { description: messageOf(err) })
    }
  }

  return (
    <Section
      icon={Baby}
      tone="berry"
      title={kid.name}
      description={`Born ${birthMonthText(kid.birth_month)} · ${ageText(kid.birth_month)}`}
      action={
        <Button
          size="sm"
          variant="outline"
          aria-label={`Download ${kid.name}'s data`}
          disabled={download.isPending}
          onClick={() => download.mutate(kid.id, { onError: (err) => toast.error('Download failed', { description: err.message }) })}
        >
          <Download /> <span className="hidden sm:inline">Download</span>
        </Button>
      }
    >
      {held.isPending && <p className="text-muted">Gathering everything we hold about {kid.name}…</p>}
      {held.isError && <p className="text-red-600">We could not load {kid.name}&rsquo;s data: {messageOf(held.error)}</p>}
      {held.data && <Held data={held.data} />}
      {held.data && !confirming && (
        <div className="mt-5 flex flex-wrap gap-2 border-t border-line pt-4">
          <Button size="sm" variant="destructive" onClick={() => setConfirming('delete')}>
            <Trash2 /> Delete {kid.name}&rsquo;s data
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming('withdraw')}>
            <UserX /> Withdraw consent for {kid.name}
          </Button>
        </div>
      )}
      {held.data && confirming && (
        <div role="group" aria-label={confirming === 'delete' ? `Delete ${kid.name}'s data?` : `Withdraw consent for ${kid.name}?`} className="mt-5 rounded-2xl border-2 border-red-200 bg-red-50 p-4">
          <p className="font-bold text-red-800">
            {confirming === 'withdraw' ? `Withdrawing your consent deletes everything about ${kid.name}, for good:` : `This deletes, for good:`}
          </p>
          <WhatGoes data={held.data} />
          <p className="mt-2 text-sm text-muted">
            {confirming === 'withdraw'
              ? 'Your consent record keeps a line saying you withdrew it, without the child\u2019s name.'
              : 'Your consent record stays; you can add a child again at any time.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="destructive" disabled={forget.isPending} onClick={() => void confirm(confirming === 'withdraw')}>
              {forget.isPending ? 'Deleting…' : confirming === 'withdraw' ? `Withdraw and delete` : `Yes, delete ${kid.name}`}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Section>
  )
}

/** Everything held about the child, as the export has it. */
function Held({ data }: { data: ChildExport }) {
  const current = [...data.consents].reverse().find((c) => c.scope === 'account')
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      <dt className="font-bold">Name</dt>
      <dd>{data.child.name}</dd>
      <dt className="font-bold">Birth month</dt>
      <dd>
        {birthMonthText(data.child.birth_month)} <span className="text-muted">(never the day)</span>
      </dd>
      <dt className="font-bold">Added</dt>
      <dd>{dateText(data.added_at)}</dd>
      <dt className="font-bold">Dream Maker stories</dt>
      <dd>
        {data.dreams.length === 0 ? (
          <span className="text-muted">None</span>
        ) : (
          <ul className="grid gap-1.5">
            {data.dreams.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-2">
                <Sparkles className="size-4 shrink-0 text-sun-400" aria-hidden="true" />
                <span className="font-semibold">{d.title}</span>
                <span className="text-sm text-muted">
                  {dateText(d.created_at)} · {d.kept ? 'kept' : 'not kept'} · told as {d.kid.name}, {d.kid.age}
                </span>
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt className="font-bold">Storybooks read</dt>
      <dd>
        {data.storybook_progress.length === 0 ? (
          <span className="text-muted">None</span>
        ) : (
          <ul className="grid gap-1.5">
            {data.storybook_progress.map((p) => (
              <li key={p.slug} className="flex flex-wrap items-center gap-x-2">
                <span className="font-semibold">{p.storybook}</span>
                <span className="text-sm text-muted">
                  last read {dateText(p.updated_at)} · {p.visited.length} {p.visited.length === 1 ? 'page' : 'pages'} read ·{' '}
                  {p.endings.length} {p.endings.length === 1 ? 'ending' : 'endings'} found
                </span>
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt className="font-bold">Consent</dt>
      <dd>
        {current && current.action === 'given'
          ? `Given by you as parent or guardian on ${dateText(current.at)}, notice version ${current.noticeVersion}`
          : 'Not given for the current notice'}
      </dd>
    </dl>
  )
}

/** Exactly what a deletion removes. */
function WhatGoes({ data }: { data: ChildExport }) {
  const n = data.dreams.length
  const read = data.storybook_progress.length
  return (
    <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
      <li>
        the name &ldquo;{data.child.name}&rdquo; and the birth month {birthMonthText(data.child.birth_month)}
      </li>
      <li>
        {n === 0 ? 'no Dream Maker stories (there are none)' : `${n} Dream Maker ${n === 1 ? 'story' : 'stories'}, kept or not: `}
        {data.dreams.map((d, i) => (
          <span key={d.id}>
            {i > 0 && ', '}&ldquo;{d.title}&rdquo;
          </span>
        ))}
      </li>
      {read > 0 && (
        <li>
          where they are in {read} {read === 1 ? 'storybook' : 'storybooks'} and the endings they found (the storybooks
          stay in your library)
        </li>
      )}
    </ul>
  )
}

/** The consent ledger: each consent given and withdrawn. */
function ConsentLedger() {
  const consents = useConsents()
  return (
    <Section icon={ScrollText} tone="leaf" title="Your consents">
      {consents.isPending && <p className="text-muted">Loading…</p>}
      {consents.isError && <p className="text-red-600">{messageOf(consents.error)}</p>}
      {consents.data && (
        <>
          <p className="mb-3 flex items-center gap-2">
            {consents.data.current ? (
              <>
                <ShieldCheck className="size-5 text-leaf-600" aria-hidden="true" /> Your consent covers the current notice (version {consents.data.noticeVersion}).
              </>
            ) : (
              <>
                <FileHeart className="size-5 text-berry-500" aria-hidden="true" /> No consent for the current notice (version {consents.data.noticeVersion}) yet.
              </>
            )}
          </p>
          {consents.data.consents.length === 0 ? (
            <p className="text-muted">Nothing recorded yet: we ask when you add a first child.</p>
          ) : (
            <ol className="grid gap-2">
              {[...consents.data.consents].reverse().map((c) => (
                <LedgerRow key={c.id} entry={c} />
              ))}
            </ol>
          )}
        </>
      )}
    </Section>
  )
}

function LedgerRow({ entry }: { entry: ConsentEntry }) {
  const what =
    entry.action === 'given'
      ? `Consent given as parent or guardian, notice version ${entry.noticeVersion}`
      : entry.scope === 'child'
        ? 'Consent withdrawn for one child; their data was deleted'
        : 'Consent withdrawn; a new child asks again'
  return (
    <li className="rounded-xl bg-cream px-4 py-3">
      <p className="font-semibold">{what}</p>
      <p className="text-sm text-muted">{new Date(entry.at).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}</p>
    </li>
  )
}
