import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, setServerErrors } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { lazyZodResolver } from '@/components/ui/lazy-resolver'
import { useSubscribe } from '../api/subscribe'
import type { NewsletterValues } from '../newsletter-schema'
import { serverFormMethod } from '@/lib/render-env'

const resolver = lazyZodResolver(() => import('../newsletter-schema').then((m) => m.newsletterSchema))

/** The spec's thanks, and what a double opt-in asks next (issue 39). */
export const checkInbox = 'Thank you for subscribing to our newsletter. Please check your inbox and click the link to confirm.'

/** Idle, subscribing (button disabled), then success (field cleared) or failure. */
export function NewsletterForm() {
  const subscribe = useSubscribe()
  const form = useForm<NewsletterValues>({ resolver, defaultValues: { email: '' } })

  // The browser checks the address first (required, type=email), as before the form kit.
  const onSubmit = form.handleSubmit(({ email }) =>
    subscribe.mutateAsync(email).then(
      () => {
        form.reset({ email: '' })
        toast.success('Subscription successful!', { description: checkInbox })
      },
      (error: unknown) => {
        setServerErrors(form.setError, error, ['email'])
        toast.error('Subscription failed', { description: 'There was an error subscribing to our newsletter. Please try again.' })
      },
    ),
  )

  return (
    <Form {...form}>
      <form method={serverFormMethod} onSubmit={onSubmit} onFocus={resolver.preload} aria-label="Newsletter" className="mx-auto mt-8 flex max-w-lg flex-col gap-3 sm:flex-row">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem className="flex-1">
              <FormLabel className="sr-only">Email address</FormLabel>
              <FormControl>
                <Input type="email" required autoComplete="email" placeholder="Your email address" className="h-13 rounded-full px-6 text-lg shadow-sm" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
    </Form>
  )
}
