import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormDescription, InputField } from '@/components/ui/form'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { StaleSaveAlerts, useStaleSave } from '@/components/ui/stale-save'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { adminSettingsQueryOptions, useAdminSettings, useSaveSettings } from '../api/settings'
import { formPathOf, settingsSaveOf, settingsSchema, settingsValuesOf, type SettingsValues } from '../settings-form'
import type { ShopSettings } from '../types'

/** /admin/settings: the tax rate and the shipping zones' methods, which the checkout, /shipping and the FAQ read. */
export function SettingsPage() {
  const settings = useAdminSettings()
  if (settings.isPending) return <Loading label="Loading the settings..." />
  if (settings.isError) return <LoadFailed what="the settings" onRetry={() => void settings.refetch()} />
  return <SettingsForm settings={settings.data} />
}

const labels: Record<keyof SettingsValues, string> = { taxRatePercent: 'Tax rate', zones: 'Shipping methods' }

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings()
  const queryClient = useQueryClient()
  const [base, setBase] = useState(settings)
  const form = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), defaultValues: settingsValuesOf(settings) })
  const stale = useStaleSave({
    form,
    base,
    valuesOf: settingsValuesOf,
    fetchLatest: () => queryClient.fetchQuery({ ...adminSettingsQueryOptions(), staleTime: 0 }),
    onReloaded: setBase,
  })
  const submit = async (values: SettingsValues) => {
    try {
      const saved = await save.mutateAsync(settingsSaveOf(base, values))
      setBase(saved)
      form.reset(settingsValuesOf(saved))
      toast.success('Settings saved', { description: 'The checkout, /shipping and the FAQ use them now.' })
    } catch (error) {
      if (stale.refused(error)) return
      let shown = false
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          const path = formPathOf(base, field)
          if (path) {
            form.setError(path as FieldPath<SettingsValues>, { type: 'server', message }, { shouldFocus: !shown })
            shown = true
          }
        }
      }
      if (!shown) toast.error('Not saved', { description: messageOf(error) })
    }
  }
  return (
    <Form {...form}>
      <form aria-label="Shop settings" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-6">
        <StaleSaveAlerts stale={stale} labels={labels} show={(v) => (typeof v === 'string' ? v : 'changed')} />
        <section aria-labelledby="tax-heading" className="rounded-2xl border-2 border-line bg-white p-5">
          <h2 id="tax-heading" className="text-xl font-bold">
            Tax
          </h2>
          <InputField control={form.control} name="taxRatePercent" label="Tax rate (%)" inputMode="decimal" autoComplete="off" className="mt-3 max-w-48">
            <FormDescription>Of the subtotal after any discount, rounded half-up to the cent.</FormDescription>
          </InputField>
        </section>
        {base.zones.map((zone, zi) => (
          <section key={zone.id} aria-labelledby={`zone-${zone.id}`} className="rounded-2xl border-2 border-line bg-white p-5">
            <h2 id={`zone-${zone.id}`} className="text-xl font-bold">
              Shipping: {zone.name}
            </h2>
            <p className="text-sm text-muted">{zone.id === 'us' ? 'Orders to the United States.' : 'Orders to every other country.'}</p>
            <ZoneError form={form} zi={zi} />
            <div className="mt-4 space-y-4">
              {zone.methods.map((m, mi) => (
                <fieldset key={m.id} className="rounded-2xl border-2 border-line p-4">
                  <legend className="px-1 font-display text-lg font-bold capitalize">{m.id}</legend>
                  <label className="flex items-center gap-2 font-bold">
                    <input type="checkbox" className="size-5 accent-tiger-600" {...form.register(`zones.${zi}.methods.${mi}.enabled`)} />
                    Offered at checkout
                  </label>
                  <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
                    <InputField control={form.control} name={`zones.${zi}.methods.${mi}.name`} label="Name" autoComplete="off" />
                    <InputField control={form.control} name={`zones.${zi}.methods.${mi}.deliveryTime`} label="Delivery time" autoComplete="off" placeholder="not set" />
                    <InputField control={form.control} name={`zones.${zi}.methods.${mi}.price`} label="Price ($)" inputMode="decimal" autoComplete="off" placeholder="not set" />
                    <InputField control={form.control} name={`zones.${zi}.methods.${mi}.freeOver`} label="Free on orders from ($)" inputMode="decimal" autoComplete="off" placeholder="never" />
                  </div>
                </fieldset>
              ))}
            </div>
          </section>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving...' : 'Save settings'}
          </Button>
          <p className="text-sm text-muted">Version {base.version}, saved {new Date(base.updatedAt).toLocaleString('en-US', { timeZone: 'UTC' })} UTC</p>
        </div>
      </form>
    </Form>
  )
}

/** A zone's own problem (no method offered). */
function ZoneError({ form, zi }: { form: ReturnType<typeof useForm<SettingsValues>>; zi: number }) {
  const message = form.formState.errors.zones?.[zi]?.methods?.root?.message ?? form.formState.errors.zones?.[zi]?.methods?.message
  if (!message) return null
  return (
    <p role="alert" className="mt-2 font-bold text-red-700">
      {message}
    </p>
  )
}
