import { Send } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useSubscribe } from '../api/subscribe'

/** Idle, subscribing (button disabled), then success (field cleared) or failure. */
export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const subscribe = useSubscribe()
  const id = useId()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const value = email.trim()
    if (!value || subscribe.isPending) return
    subscribe.mutate(value, {
      onSuccess: () => {
        setEmail('')
        toast.success('Subscription successful!', { description: 'Thank you for subscribing to our newsletter.' })
      },
      onError: () => {
        toast.error('Subscription failed', { description: 'There was an error subscribing to our newsletter. Please try again.' })
      },
    })
  }

  return (
    <form onSubmit={onSubmit} aria-label="Newsletter" className="mx-auto mt-8 flex max-w-lg flex-col gap-3 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <Input
        id={id}
        type="email"
        required
        autoComplete="email"
        placeholder="Your email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="h-13 rounded-full px-6 text-lg shadow-sm"
      />
      <Button type="submit" size="lg" disabled={subscribe.isPending} className="shrink-0">
        {subscribe.isPending ? (
          'Subscribing...'
        ) : (
          <>
            <Send /> Subscribe
          </>
        )}
      </Button>
    </form>
  )
}
