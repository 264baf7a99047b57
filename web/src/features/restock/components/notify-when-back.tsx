import { useState } from 'react'
import { Bell, Check } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { useNotifyWhenBack } from '../api/notify'

/**
 * "Tell me when it's back" on a sold-out print book. One click for a
 * signed-in parent (the server knows their address); a visitor is then
 * asked for an address, which they confirm by e-mail. One e-mail comes when
 * the book is back, and the address is forgotten.
 */
export function NotifyWhenBack({ bookId }: { bookId: number }) {
  const notify = useNotifyWhenBack(bookId)
  const [askEmail, setAskEmail] = useState(false)
  const [email, setEmail] = useState('')

  const ask = (address?: string) =>
    notify.mutate(address, {
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400 && e.fields.email === 'Email is required') setAskEmail(true)
      },
    })

  if (notify.isSuccess) {
    return (
      <Alert tone="success" className="flex items-start gap-2">
        <Check className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          {notify.data.status === 'waiting'
            ? `We will e-mail ${notify.data.email} once, when it's back.`
            : `Almost done! We sent a link to ${notify.data.email}. Click it and we will write once, when the book is back.`}
        </span>
      </Alert>
    )
  }
  const needsEmail = askEmail || (notify.error instanceof ApiError && notify.error.fields.email !== undefined)
  if (!needsEmail) {
    return (
      <Button size="lg" variant="secondary" disabled={notify.isPending} onClick={() => ask()}>
        <Bell /> Tell me when it's back
      </Button>
    )
  }
  const fieldError = notify.error instanceof ApiError && notify.error.fields.email !== 'Email is required' ? notify.error.fields.email : undefined
  return (
    <form
      className="flex w-full max-w-md flex-col gap-2"
      aria-label="Tell me when it's back"
      onSubmit={(e) => {
        e.preventDefault()
        ask(email.trim())
      }}
    >
      <label htmlFor={`notify-${bookId}`} className="font-bold">
        Where should we write when it's back?
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`notify-${bookId}`}
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
        />
        <Button type="submit" disabled={notify.isPending} className="shrink-0">
          <Bell /> Tell me
        </Button>
      </div>
      {fieldError && <p className="text-sm font-bold text-red-700">{fieldError}</p>}
      {notify.isError && !(notify.error instanceof ApiError && notify.error.fields.email) && <Alert tone="error">{messageOf(notify.error)}</Alert>}
      <p className="text-sm text-muted-foreground">One e-mail when it's back, then we forget your address.</p>
    </form>
  )
}
