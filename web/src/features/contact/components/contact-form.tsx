import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, Send } from 'lucide-react'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input, Textarea } from '@/components/ui/input'
import { useSendContactEmail } from '../api/send-contact-email'
import { characterCount, contactLimits, contactSchema, type ContactValues } from '../contact-schema'
import { serverFormMethod } from '@/lib/render-env'

const empty: ContactValues = { name: '', email: '', subject: '', message: '' }

/** spec 02 §4 "Contact form": idle, sending (inputs disabled), then success (cleared) or failure. */
export function ContactForm() {
  const send = useSendContactEmail()
  const form = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty })

  const sending = send.isPending
  const submit = form.handleSubmit((values) =>
    send.mutateAsync(values).then(
      () => {
        toast.success('Message Sent!', { description: "Thank you for contacting us. We'll get back to you soon." })
        form.reset(empty)
      },
      () => {
        toast.error('Error', { description: 'Failed to send message. Please try again later.' })
      },
    ),
  )

  // While a message is on its way the button stays focusable but does nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) {
      event.preventDefault()
      return
    }
    void submit(event)
  }

  return (
    <Form {...form}>
      <form method={serverFormMethod} onSubmit={onSubmit} noValidate aria-label="Contact form" className="space-y-5">
        <fieldset disabled={sending} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem id="contact-name">
                  <FormLabel>Your name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" placeholder="Alex Parent" required maxLength={contactLimits.name} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem id="contact-email">
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" placeholder="you@example.com" required maxLength={contactLimits.email} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="subject"
            render={({ field }) => (
              <FormItem id="contact-subject">
                <FormLabel>Subject</FormLabel>
                <FormControl>
                  <Input placeholder="What is it about?" required maxLength={contactLimits.subject} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="message"
            render={({ field }) => (
              <FormItem id="contact-message">
                <FormLabel>Message</FormLabel>
                <FormControl>
                  {/* No maxLength: the browser would cut a long paste without a word. The count says how much room is left; the schema refuses more. */}
                  <Textarea rows={6} placeholder="Tell us how we can help..." className="min-h-40" required {...field} />
                </FormControl>
                <FormDescription>
                  <CharactersLeft used={characterCount(field.value)} limit={contactLimits.message} />
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus to the page. */}
        <Button type="submit" size="lg" aria-disabled={sending} className="w-full aria-disabled:opacity-60 sm:w-auto">
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Form>
  )
}

function CharactersLeft({ used, limit }: { used: number; limit: number }) {
  const left = limit - used
  if (left >= 0) return <>{left.toLocaleString('en-US')} {left === 1 ? 'character' : 'characters'} left</>
  return <span className="font-bold text-red-700">{(-left).toLocaleString('en-US')} {left === -1 ? 'character' : 'characters'} too many</span>
}
