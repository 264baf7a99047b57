import { LockKeyhole } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { answerGate, newQuestion, readGate, type Question } from './gate'

type Props = {
  /** Why a grown-up is asked, in a sentence. */
  reason: string
  /** Made by the caller in the event that opened the gate: random numbers never run while rendering. */
  firstQuestion: Question
  openedAt: number
  onPass: () => void
  onCancel: () => void
}

/**
 * The parent gate: a modal dialog (the page behind it inert, Tab kept
 * inside, Escape cancels) asking to type a number written in words, with
 * GATE_TRIES tries before a lock-out (gate.ts).
 */
export function ParentGateDialog({ reason, firstQuestion, openedAt, onPass, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const [question, setQuestion] = useState(firstQuestion)
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [now, setNow] = useState(openedAt)
  const [lockedUntil, setLockedUntil] = useState(() => readGate(openedAt).lockedUntil)
  const locked = lockedUntil > now
  const ids = useId()
  const titleId = `${ids}-title`
  const reasonId = `${ids}-reason`
  const problemId = `${ids}-problem`

  useEffect(() => {
    const box = dialog.current
    if (!box) return
    // showModal makes the rest of the page inert and puts the dialog in the top layer.
    if (!box.open) box.showModal()
    ;(input.current ?? cancel.current)?.focus()
    return () => {
      if (box.open) box.close()
    }
  }, [])

  // While locked, the clock moves once a second, and the question comes back when the lock runs out.
  useEffect(() => {
    if (!locked) return
    const id = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(id)
  }, [locked])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const at = Date.now()
    setNow(at)
    const outcome = answerGate(question, typed, at)
    switch (outcome.kind) {
      case 'right':
        onPass()
        return
      case 'empty':
        setProblem('Please type the number in digits.')
        input.current?.focus()
        return
      case 'wrong':
        setQuestion(newQuestion())
        setTyped('')
        setProblem(`That is not the number. Here is a new one: ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`)
        input.current?.focus()
        return
      case 'locked':
        setLockedUntil(outcome.until)
        setQuestion(newQuestion())
        setTyped('')
        setProblem(null)
        cancel.current?.focus()
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
      return
    }
    if (event.key === 'Tab') keepFocusInside(event)
  }

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    const inside = Array.from(dialog.current?.querySelectorAll<HTMLElement>('input:not([disabled]), button:not([disabled])') ?? [])
    if (inside.length === 0) return
    const first = inside[0]
    const last = inside[inside.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const seconds = Math.ceil((lockedUntil - now) / 1000)
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={reasonId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className="m-auto w-[min(92vw,30rem)] rounded-3xl border-4 border-sun-300 bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 backdrop:backdrop-blur-sm"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-6 sm:p-8">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-sun-100 text-tiger-700">
          <LockKeyhole className="size-8" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="text-center font-display text-2xl font-bold">
          Grown-ups only
        </h2>
        <p id={reasonId} className="text-center text-muted">
          {reason}
        </p>
        {locked ? (
          <div className="rounded-2xl bg-berry-100 p-4 text-center">
            <p role="alert" className="font-bold text-berry-700">
              Too many wrong answers. The question is locked for a little while.
            </p>
            <p className="mt-1 text-sm">
              Try again in {seconds} {seconds === 1 ? 'second' : 'seconds'}.
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${ids}-answer`} className="text-lg font-bold">
              Type the number <span className="text-tiger-700">{question.words}</span> in digits
            </label>
            <Input
              ref={input}
              id={`${ids}-answer`}
              inputMode="numeric"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              className="h-13 text-center text-2xl font-bold tracking-widest"
            />
            {problem && (
              <p id={problemId} role="alert" className="text-sm font-bold text-berry-700">
                {problem}
              </p>
            )}
          </div>
        )}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancel} type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={locked}>
            Continue
          </Button>
        </div>
      </form>
    </dialog>
  )
}
