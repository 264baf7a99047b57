import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormDescription, InputField } from '@/components/ui/form'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { StaleSaveAlerts, useStaleSave } from '@/components/ui/stale-save'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { adminSettingsQueryOptions, useAdminSettings, useSaveSettings } from '../api/settings'
import { formPathOf, newZone, settingsSaveOf, settingsSchema, settingsValuesOf, type SettingsValues } from '../settings-form'
import type { ShopSettings } from '../types'

/**
 * /admin/settings: the shipping zones (their countries, tax rates by class, states or provinces at their own rates,
 * and methods), which the checkout, /shipping and the FAQ read.
 */
export function SettingsPage() {
  const settings = useAdminSettings()
  if (settings.isPending) return <Loading label="Loading the settings..." />
  if (settings.isError) return <LoadFailed what="the settings" onRetry={() => void settings.refetch()} />
  return <SettingsForm settings={settings.data} />
}

const labels: Record<keyof SettingsValues, string> = { zones: 'Shipping zones and tax' }

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings()
  const queryClient = useQueryClient()
  const [base, setBase] = useState(settings)
  const form = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), defaultValues: settingsValuesOf(settings) })
  const zones = useFieldArray({ control: form.control, name: 'zones' })
  const [newName, setNewName] = useState('')
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
          const path = formPathOf(values, field)
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
        {zones.fields.map((zone, zi) => (
          <ZoneSection key={zone.id || zone.name + zi} control={form.control} form={form} zi={zi} last={zi === zones.fields.length - 1} onRemove={zi > 0 && zi < zones.fields.length - 1 ? () => zones.remove(zi) : undefined} />
        ))}
        <section aria-labelledby="add-zone" className="rounded-2xl border-2 border-dashed border-line bg-white p-5">
          <h2 id="add-zone" className="text-xl font-bold">
            Add a zone
          </h2>
          <p className="text-sm text-muted">A group of countries with its own shipping and tax: the United Kingdom, the European Union, Canada.</p>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <label className="grid gap-1 font-bold">
              Zone name
              <input value={newName} onChange={(e) => setNewName(e.target.value)} className="h-11 rounded-xl border-2 border-line px-3 font-normal" autoComplete="off" />
            </label>
            <Button
              type="button"
              variant="outline"
              disabled={newName.trim() === ''}
              onClick={() => {
                zones.insert(zones.fields.length - 1, newZone(newName.trim()))
                setNewName('')
              }}
            >
              Add zone
            </Button>
          </div>
        </section>
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

type SettingsForm = ReturnType<typeof useForm<SettingsValues>>

/** One zone: its name, countries, tax rates, states at their own rates, and methods. */
function ZoneSection({ control, form, zi, last, onRemove }: { control: Control<SettingsValues>; form: SettingsForm; zi: number; last: boolean; onRemove?: () => void }) {
  const regions = useFieldArray({ control, name: `zones.${zi}.regions` })
  const id = form.getValues(`zones.${zi}.id`)
  const name = form.watch(`zones.${zi}.name`)
  const headingId = `zone-${zi}`
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border-2 border-line bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Zone: {name}
        </h2>
        {onRemove && (
          <Button type="button" variant="outline" onClick={onRemove}>
            Remove zone
          </Button>
        )}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <InputField control={control} name={`zones.${zi}.name`} label="Zone name" autoComplete="off" />
        {last ? (
          <p className="text-sm text-muted sm:col-span-1 xl:col-span-3 self-end">Every country no other zone lists.</p>
        ) : (
          <InputField control={control} name={`zones.${zi}.countries`} label="Countries" autoComplete="off" placeholder="GB, or FR, DE" className="xl:col-span-3">
            <FormDescription>Two-letter country codes, separated by commas.</FormDescription>
          </InputField>
        )}
        <InputField control={control} name={`zones.${zi}.print`} label="Tax on printed books (%)" inputMode="decimal" autoComplete="off" />
        <InputField control={control} name={`zones.${zi}.digital`} label="Tax on digital books (%)" inputMode="decimal" autoComplete="off">
          <FormDescription>Interactive, e-book, audiobook and printable.</FormDescription>
        </InputField>
      </div>
      {!last && (
        <fieldset className="mt-4 rounded-2xl border-2 border-line p-4">
          <legend className="px-1 font-display text-lg font-bold">States or provinces with their own tax</legend>
          <p className="text-sm text-muted">Where you must collect at another rate, as a code such as US-IL or CA-ON.</p>
          {regions.fields.map((r, ri) => (
            <div key={r.id} className="mt-3 grid items-end gap-3 sm:grid-cols-4">
              <InputField control={control} name={`zones.${zi}.regions.${ri}.code`} label="State or province" autoComplete="off" placeholder="US-IL" />
              <InputField control={control} name={`zones.${zi}.regions.${ri}.print`} label="Printed (%)" inputMode="decimal" autoComplete="off" />
              <InputField control={control} name={`zones.${zi}.regions.${ri}.digital`} label="Digital (%)" inputMode="decimal" autoComplete="off" />
              <Button type="button" variant="outline" onClick={() => regions.remove(ri)}>
                Remove
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
           
            className="mt-3"
            onClick={() => {
              const zone = form.getValues(`zones.${zi}`)
              regions.append({ code: '', print: zone.print, digital: zone.digital })
            }}
          >
            Add a state or province
          </Button>
        </fieldset>
      )}
      <ZoneError form={form} zi={zi} />
      <div className="mt-4 space-y-4">
        {['standard', 'expedited', 'express'].map((m, mi) => (
          <fieldset key={m} className="rounded-2xl border-2 border-line p-4">
            <legend className="px-1 font-display text-lg font-bold capitalize">{m}</legend>
            <label className="flex items-center gap-2 font-bold">
              <input type="checkbox" className="size-5 accent-tiger-600" {...form.register(`zones.${zi}.methods.${mi}.enabled`)} />
              Offered at checkout
            </label>
            <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
              <InputField control={control} name={`zones.${zi}.methods.${mi}.name`} label="Name" autoComplete="off" />
              <InputField control={control} name={`zones.${zi}.methods.${mi}.deliveryTime`} label="Delivery time" autoComplete="off" placeholder="not set" />
              <InputField control={control} name={`zones.${zi}.methods.${mi}.price`} label="Price ($)" inputMode="decimal" autoComplete="off" placeholder="not set" />
              <InputField control={control} name={`zones.${zi}.methods.${mi}.freeOver`} label="Free on orders from ($)" inputMode="decimal" autoComplete="off" placeholder="never" />
            </div>
          </fieldset>
        ))}
      </div>
      {id === '' && <p className="mt-2 text-sm text-muted">New: saved with the settings.</p>}
    </section>
  )
}

/** A zone's own problem (no method offered). */
function ZoneError({ form, zi }: { form: SettingsForm; zi: number }) {
  const message = form.formState.errors.zones?.[zi]?.methods?.root?.message ?? form.formState.errors.zones?.[zi]?.methods?.message
  if (!message) return null
  return (
    <p role="alert" className="mt-2 font-bold text-red-700">
      {message}
    </p>
  )
}
