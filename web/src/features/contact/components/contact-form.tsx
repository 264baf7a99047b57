import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input, Textarea } from '@/components/ui/input'
import { useSendContactEmail } from '../api/send-contact-email'
import { contactLimits, contactSchema, type ContactValues } from '../contact-schema'

const empty: ContactValues = { name: '', email: '', subject: '', message: '' }

/** spec 02 §4 "Contact form": idle, sending (inputs disabled), then success (cleared) or failure. */
export function ContactForm() {
  const send = useSendContactEmail()
  const form = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty })

  const onSubmit = form.handleSubmit((values) =>
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

  const sending = send.isPending

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="space-y-5">
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
                  <Textarea rows={6} placeholder="Tell us how we can help..." className="min-h-40" required maxLength={contactLimits.message} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Form>
  )
}
