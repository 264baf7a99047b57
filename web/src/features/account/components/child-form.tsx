import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, InputField, SelectField, setServerErrors } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { earliestBirthMonth, MAX_CHILD_YEARS, monthNames, thisMonth } from '../age'
import type { KidInput } from '../types'

type ChildValues = { name: string; month: string; year: string; guardian: boolean; notice: boolean }

/** needsConsent: a first child; stored: the month an edit starts from, kept even once the child is older than the limit. */
function childSchema(needsConsent: boolean, stored?: string) {
  return z
    .object({
      name: z.string().trim().min(1, 'Please enter a first name or nickname').max(100),
      month: z.string().min(1, 'Please choose a month'),
      year: z.string().min(1, 'Please choose a year'),
      guardian: z.boolean(),
      notice: z.boolean(),
    })
    .refine((v) => !v.month || !v.year || `${v.year}-${v.month}` <= thisMonth(), { path: ['month'], message: 'The birth month cannot be in the future' })
    .refine((v) => !v.month || !v.year || `${v.year}-${v.month}` === stored || `${v.year}-${v.month}` >= earliestBirthMonth(), {
      path: ['month'],
      message: `The birth month must be within the last ${MAX_CHILD_YEARS} years`,
    })
    .refine((v) => !needsConsent || v.guardian, { path: ['guardian'], message: 'Only a parent or legal guardian can add a child' })
    .refine((v) => !needsConsent || v.notice, { path: ['notice'], message: 'Please accept the children\u2019s privacy notice' })
}

/**
 * One child being added or edited: a first name or nickname and a birth
 * month and year, each saying why it is asked for (spec 02 §5: until both
 * are there the button is disabled). Before a first child, and again after
 * the notice changed, the parent confirms being the parent or legal
 * guardian and accepts the children's privacy notice (consentVersion).
 * The server's field messages, if it refuses, show on their fields.
 */
export function ChildForm({
  initial,
  submitLabel,
  consentVersion,
  onSubmit,
  onCancel,
}: {
  initial?: KidInput
  submitLabel: string
  /** The notice version the parent must accept first; undefined when their consent is current. */
  consentVersion?: string
  /** Saves the child (after the consent, when asked for); rejects when the server refused (the caller has said so). */
  onSubmit: (input: KidInput, consentTo?: string) => Promise<void>
  onCancel: () => void
}) {
  const needsConsent = consentVersion !== undefined
  const [year, month] = (initial?.birth_month ?? '').split('-')
  const form = useForm<ChildValues>({
    resolver: zodResolver(childSchema(needsConsent, initial?.birth_month)),
    mode: 'onChange',
    defaultValues: { name: initial?.name ?? '', month: month ?? '', year: year ?? '', guardian: false, notice: false },
  })
  const { isValid, isSubmitting } = form.formState
  const latestYear = Number(thisMonth().slice(0, 4))
  const years = Array.from({ length: MAX_CHILD_YEARS + 1 }, (_, i) => String(latestYear - i))
  if (year && !years.includes(year)) years.push(year)
  const save = form.handleSubmit(async (v) => {
    try {
      await onSubmit({ name: v.name, birth_month: `${v.year}-${v.month}` }, consentVersion)
    } catch (err) {
      setServerErrors(form.setError, err, ['name'])
      if (err instanceof ApiError && err.fields.birth_month) form.setError('month', { type: 'server', message: err.fields.birth_month })
      if (err instanceof ApiError && (err.fields.consent || err.fields.guardian || err.fields.noticeVersion)) {
        form.setError('notice', { type: 'server', message: err.fields.noticeVersion ?? err.fields.guardian ?? err.fields.consent })
      }
    }
  })
  const why = 'text-sm text-muted'
  return (
    <Form {...form}>
      <form className="grid gap-4 rounded-xl border-2 border-berry-100 bg-white p-4" onSubmit={save} noValidate aria-label={initial ? `Edit ${initial.name}` : 'Add a child'}>
        <InputField control={form.control} name="name" label="First name or nickname" maxLength={100} autoFocus autoComplete="off">
          <p className={why}>Dream Maker puts this name in your child&rsquo;s stories. A nickname is just as good; no surname needed.</p>
        </InputField>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-bold">Birth month and year</legend>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              control={form.control}
              name="month"
              label="Birth month"
              placeholder="Month"
              options={monthNames.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }))}
            />
            <SelectField control={form.control} name="year" label="Birth year" placeholder="Year" options={years.map((y) => ({ value: y, label: y }))} />
          </div>
          <p className={why}>So stories and games fit their age (&ldquo;5 years, 3 months&rdquo;). We never ask for the day.</p>
        </fieldset>
        {needsConsent && (
          <fieldset className="grid gap-3 rounded-xl bg-berry-100/50 p-4">
            <legend className="sr-only">Your consent</legend>
            <p className="text-sm">
              Before we keep anything about a child, we need a grown-up&rsquo;s yes. Please read our short{' '}
              <Link to={paths.childrenPrivacy} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
                children&rsquo;s privacy notice
              </Link>{' '}
              (version {consentVersion}).
            </p>
            <ConsentBox form={form} name="guardian" label="I am this child's parent or legal guardian" />
            <ConsentBox form={form} name="notice" label="I have read and accept the children's privacy notice" />
          </fieldset>
        )}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={!isValid || isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  )
}

function ConsentBox({ form, name, label }: { form: ReturnType<typeof useForm<ChildValues>>; name: 'guardian' | 'notice'; label: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="space-y-1">
          <div className="flex items-start gap-3">
            <FormControl>
              <Checkbox className="mt-0.5" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} />
            </FormControl>
            <FormLabel className="cursor-pointer font-normal leading-snug">{label}</FormLabel>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
