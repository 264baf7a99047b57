import { zodResolver } from '@hookform/resolvers/zod'
import { UserRound } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Form, InputField, SelectField, setServerErrors } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { browserLanguage, countryOptions, languageOptions } from '@/lib/countries'
import { todayISO } from '../age'
import { useUpdateProfile } from '../api/update-profile'
import { emailError } from '../rules'
import type { Profile } from '@/lib/profile'
import { Section } from './section'

// The e-mail is checked in the spec's order (rules.ts); the other fields are the server's to judge.
const schema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  country: z.string(),
  language: z.string(),
  date_of_birth: z.string(),
  email: z.string().superRefine((value, ctx) => {
    const problem = emailError(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
})
type Values = z.infer<typeof schema>
const fieldNames = Object.keys(schema.shape) as (keyof Values)[]

function valuesOf(p: Profile): Values {
  return { first_name: p.first_name, last_name: p.last_name, country: p.country, language: p.language, date_of_birth: p.date_of_birth ?? '', email: p.email }
}

/**
 * Edit Profile Info (spec 02 §2, §4, §5): names, country and language (ISO
 * codes named by Intl.DisplayNames; missing ones filled from the detection
 * lookup and the browser), date of birth and e-mail. Save is enabled only when
 * something changed, the e-mail is valid and no save runs. A new e-mail goes
 * through the account service's confirmation link.
 */
export function ProfileInfoCard({ profile, detectedCountry }: { profile: Profile; detectedCountry?: string }) {
  const saved = useMemo(() => valuesOf(profile), [profile])
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { ...saved, country: saved.country || detectedCountry || '', language: saved.language || browserLanguage() },
  })
  const [pendingEmail, setPendingEmail] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const update = useUpdateProfile()
  const countries = useMemo(() => countryOptions(), [])
  const languages = useMemo(() => languageOptions(), [])

  const values = { ...saved, ...useWatch({ control: form.control }) }
  const changed = fieldNames.some((k) => values[k].trim() !== saved[k])
  const canSave = changed && !emailError(values.email) && !saving

  async function save(values: Values) {
    setSaving(true)
    try {
      await update.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        country: values.country,
        language: values.language,
        date_of_birth: values.date_of_birth,
      })
      const email = values.email.trim()
      if (email.toLowerCase() !== profile.email.toLowerCase()) {
        const { error } = await authClient.updateUser({ email }, { emailRedirectTo: siteUrl(paths.emailCallback) })
        if (error) throw error
        setPendingEmail(email)
        form.setValue('email', profile.email)
      }
      toast.success('Profile updated')
    } catch (err) {
      setServerErrors(form.setError, err, fieldNames)
      toast.error('Update failed', { description: err instanceof Error ? err.message : String(err) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Section icon={UserRound} title="Edit Profile Info" description="How we greet you, and where your books travel.">
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit(save, (errors) => toast.error('Validation Error', { description: errors.email?.message }))}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
        >
          <InputField control={form.control} name="first_name" label="First name" maxLength={100} autoComplete="given-name" />
          <InputField control={form.control} name="last_name" label="Last name" maxLength={100} autoComplete="family-name" />
          <SelectField control={form.control} name="country" label="Country" placeholder="Choose a country" options={countries} />
          <SelectField control={form.control} name="language" label="Language" placeholder="Choose a language" options={languages} />
          <InputField control={form.control} name="date_of_birth" label="Date of birth" type="date" max={todayISO()} />
          <InputField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
          {pendingEmail && (
            <p role="status" className="rounded-xl bg-leaf-100 px-4 py-3 text-sm font-semibold text-leaf-800 sm:col-span-2">
              We sent a confirmation link to {pendingEmail}. Your e-mail changes once you open it.
            </p>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={!canSave}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </Form>
    </Section>
  )
}
