import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input, Textarea } from '@/components/ui/input'
import { FieldError, Label } from '@/components/ui/label'
import { useSendContactEmail } from '../api/send-contact-email'
import { contactLimits, contactSchema, type ContactValues } from '../contact-schema'

const empty: ContactValues = { name: '', email: '', subject: '', message: '' }

/** spec 02 §4 "Contact form": idle, sending (inputs disabled), then success (cleared) or failure. */
export function ContactForm() {
  const send = useSendContactEmail()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty })

  const onSubmit = handleSubmit((values) =>
    send.mutateAsync(values).then(
      () => {
        toast.success('Message Sent!', { description: "Thank you for contacting us. We'll get back to you soon." })
        reset(empty)
      },
      () => {
        toast.error('Error', { description: 'Failed to send message. Please try again later.' })
      },
    ),
  )

  const sending = send.isPending
  const field = (name: keyof ContactValues) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    required: true,
    maxLength: contactLimits[name],
    ...register(name),
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="space-y-5">
      <fieldset disabled={sending} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="contact-name">Your name</Label>
            <Input autoComplete="name" placeholder="Alex Parent" {...field('name')} />
            <FieldError id="contact-name-error" message={errors.name?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="contact-email">Email</Label>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
            <FieldError id="contact-email-error" message={errors.email?.message} />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-subject">Subject</Label>
          <Input placeholder="What is it about?" {...field('subject')} />
          <FieldError id="contact-subject-error" message={errors.subject?.message} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-message">Message</Label>
          <Textarea rows={6} placeholder="Tell us how we can help..." className="min-h-40" {...field('message')} />
          <FieldError id="contact-message-error" message={errors.message?.message} />
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}
