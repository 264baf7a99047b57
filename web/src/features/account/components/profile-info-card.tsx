import { UserRound } from 'lucide-react'
import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { authClient, siteUrl } from '@/lib/auth-client'
import { browserLanguage, countryOptions, languageOptions } from '@/lib/countries'
import { todayISO } from '../age'
import { useUpdateProfile } from '../api/update-profile'
import { emailError } from '../rules'
import type { AccountProfile } from '../types'
import { Field, Section, selectClass } from './section'

type Values = { first_name: string; last_name: string; country: string; language: string; date_of_birth: string; email: string }

function valuesOf(p: AccountProfile): Values {
  return { first_name: p.first_name, last_name: p.last_name, country: p.country, language: p.language, date_of_birth: p.date_of_birth ?? '', email: p.email }
}

/**
 * Edit Profile Info (spec 02 §2, §4, §5): names, country and language (ISO
 * codes named by Intl.DisplayNames; missing ones filled from the detection
 * lookup and the browser), date of birth and e-mail. Save is enabled only when
 * something changed, the e-mail is valid and no save runs. A new e-mail goes
 * through the account service's confirmation link.
 */
export function ProfileInfoCard({ profile, detectedCountry, onSaved }: { profile: AccountProfile; detectedCountry?: string; onSaved: () => void }) {
  const saved = useMemo(() => valuesOf(profile), [profile])
  const [values, setValues] = useState<Values>(() => ({
    ...saved,
    country: saved.country || detectedCountry || '',
    language: saved.language || browserLanguage() || '',
  }))
  const [emailMessage, setEmailMessage] = useState<string | undefined>()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [pendingEmail, setPendingEmail] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const update = useUpdateProfile()
  const countries = useMemo(() => countryOptions(), [])
  const languages = useMemo(() => languageOptions(), [])

  const changed = (Object.keys(values) as (keyof Values)[]).some((k) => values[k].trim() !== saved[k])
  const canSave = changed && !emailError(values.email) && !saving

  const set = (key: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value
    setValues((v) => ({ ...v, [key]: value }))
    if (key === 'email') setEmailMessage(emailError(value))
  }

  async function save(e: React.FormEvent) {
    e.preventDefault()
    const problem = emailError(values.email)
    setEmailMessage(problem)
    if (problem) {
      toast.error('Validation Error', { description: problem })
      return
    }
    setSaving(true)
    setFieldErrors({})
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
        setValues((v) => ({ ...v, email: profile.email }))
      }
      toast.success('Profile updated')
      onSaved()
    } catch (err) {
      if (err instanceof ApiError) setFieldErrors(err.fields)
      toast.error('Update failed', { description: err instanceof Error ? err.message : String(err) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Section icon={UserRound} title="Edit Profile Info" description="How we greet you, and where your books travel.">
      <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="first-name" label="First name" error={fieldErrors.first_name}>
          <Input id="first-name" value={values.first_name} onChange={set('first_name')} maxLength={100} autoComplete="given-name" />
        </Field>
        <Field id="last-name" label="Last name" error={fieldErrors.last_name}>
          <Input id="last-name" value={values.last_name} onChange={set('last_name')} maxLength={100} autoComplete="family-name" />
        </Field>
        <Field id="country" label="Country" error={fieldErrors.country}>
          <select id="country" className={selectClass} value={values.country} onChange={set('country')}>
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="language" label="Language" error={fieldErrors.language}>
          <select id="language" className={selectClass} value={values.language} onChange={set('language')}>
            <option value="">Choose a language</option>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="date-of-birth" label="Date of birth" error={fieldErrors.date_of_birth}>
          <Input id="date-of-birth" type="date" value={values.date_of_birth} max={todayISO()} onChange={set('date_of_birth')} />
        </Field>
        <Field id="email" label="Email" error={emailMessage}>
          <Input
            id="email"
            type="email"
            value={values.email}
            onChange={set('email')}
            autoComplete="email"
            aria-invalid={emailMessage ? true : undefined}
            aria-describedby={emailMessage ? 'email-error' : undefined}
          />
        </Field>
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
    </Section>
  )
}
