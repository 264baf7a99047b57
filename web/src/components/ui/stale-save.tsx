import { RotateCcw } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import { toast } from 'sonner'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { Alert } from './alert'
import { Button } from './button'

/**
 * A form that saves over the version it opened (a back-office PATCH with
 * `version`), when someone else saved in between and the server answers
 * 409: nothing is lost silently. The editor's text stays in the form with
 * the server's message and Reload; Reload loads the newer version and keeps
 * what the editor had changed, listed, to apply again or discard.
 *
 *   const stale = useStaleSave({ form, base, valuesOf, fetchLatest, onReloaded: setBase })
 *   ... catch (error) { if (!stale.refused(error)) showOtherErrors(error) }
 *   <StaleSaveAlerts stale={stale} labels={fieldLabels} />
 *
 * `what` names the record in a failed reload's message ("Could not reload the post").
 * `equal` tells a kept change from an untouched field; the default (===) fits
 * text fields, a field holding an array or object needs a deep comparison.
 * `merge` applies a field's kept change over the newer version part by part
 * (a storybook's pages, page by page) rather than whole; what both changed
 * is listed in `conflicts`, shown until the next save.
 */
/** A field's three-way merge: my value, the one I opened, the newer version's; `conflicts` names what both changed. */
export type FieldMerge<T> = (mine: T, opened: T, latest: T) => { value: T; conflicts: string[] }

export function useStaleSave<TValues extends FieldValues, TBase>({
  form,
  base,
  valuesOf,
  fetchLatest,
  onReloaded,
  what,
  equal = Object.is,
  merge = {},
}: {
  form: UseFormReturn<TValues>
  /** The version the form's edits are based on (null: a new record, never stale). */
  base: TBase | null
  valuesOf: (base: TBase) => TValues
  fetchLatest: (base: TBase) => Promise<TBase>
  onReloaded: (latest: TBase) => void
  what?: string
  equal?: (a: unknown, b: unknown) => boolean
  merge?: { [K in keyof TValues]?: FieldMerge<TValues[K]> }
}) {
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  const [unsaved, setUnsaved] = useState<Partial<TValues> | null>(null)
  // The values opened and reloaded, which a field's merge compares the kept change with.
  const [sides, setSides] = useState<{ opened: TValues; latest: TValues } | null>(null)
  const [conflicts, setConflicts] = useState<string[] | null>(null)

  const reload = async () => {
    if (!base) return
    setReloading(true)
    try {
      const opened = valuesOf(base)
      const mine = form.getValues()
      const edits = Object.fromEntries(Object.keys(opened).filter((k) => !equal(mine[k], opened[k])).map((k) => [k, mine[k]])) as Partial<TValues>
      const latest = await fetchLatest(base)
      onReloaded(latest)
      const latestValues = valuesOf(latest)
      form.reset(latestValues)
      setConflict(null)
      setUnsaved(Object.keys(edits).length > 0 ? edits : null)
      setSides({ opened, latest: latestValues })
      setConflicts(null)
    } catch (error) {
      toast.error(what ? `Could not reload ${what}` : 'Could not reload', { description: messageOf(error) })
    } finally {
      setReloading(false)
    }
  }

  return {
    conflict,
    reloading,
    unsaved,
    conflicts,
    reload,
    /** Shows a stale save's refusal; false for any other error, which the caller shows. */
    refused: (error: unknown) => {
      if (!(base && error instanceof ApiError && error.status === 409)) return false
      setConflict(error.message)
      return true
    },
    /** Puts the kept changes back in the form, over the newer version. */
    applyAgain: () => {
      const found: string[] = []
      for (const [key, value] of Object.entries(unsaved ?? {})) {
        const fieldMerge = merge[key as keyof TValues] as FieldMerge<unknown> | undefined
        const merged = fieldMerge && sides ? fieldMerge(value, sides.opened[key], sides.latest[key]) : { value, conflicts: [] }
        found.push(...merged.conflicts)
        form.setValue(key as Path<TValues>, merged.value as PathValue<TValues, Path<TValues>>, { shouldDirty: true })
      }
      setUnsaved(null)
      setConflicts(found.length > 0 ? found : null)
    },
    /** Forgets the kept changes (discarded, or saved). */
    forget: () => {
      setUnsaved(null)
      setConflicts(null)
    },
  }
}

export type StaleSave<TValues extends FieldValues> = ReturnType<typeof useStaleSave<TValues, unknown>>

/**
 * The stale save's message with Reload, then, after a reload, the changes kept:
 * listed with their values, or (`listing="names"`) named in one sentence, for
 * fields whose values are too long to list (a post's article).
 */
export function StaleSaveAlerts<TValues extends FieldValues>({
  stale,
  labels,
  show = (value) => String(value),
  listing = 'values',
}: {
  stale: StaleSave<TValues>
  labels: Record<keyof TValues, string>
  show?: (value: unknown, key: keyof TValues) => ReactNode
  listing?: 'values' | 'names'
}) {
  const kept = stale.unsaved ? (Object.keys(stale.unsaved) as (keyof TValues)[]) : []
  return (
    <>
      {stale.conflict && (
        <Alert tone="warning" role="alert">
          <p className="font-bold">{stale.conflict}</p>
          <p className="mt-1">Your changes are still in the form below. Reload to see the newer version; your changes are kept so you can make them again.</p>
          <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void stale.reload()} disabled={stale.reloading}>
            <RotateCcw aria-hidden="true" /> {stale.reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </Alert>
      )}
      {stale.unsaved && (
        <Alert tone="info">
          {listing === 'names' ? (
            <p className="font-bold">This is the newer version. Your changes were not saved: {kept.map((key) => labels[key]).join(', ')}.</p>
          ) : (
            <>
              <p className="font-bold">This is the newer version. Your changes were not saved:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {kept.map((key) => (
                  <li key={String(key)}>
                    <span className="font-bold">{labels[key]}:</span> {show(stale.unsaved?.[key], key)}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={stale.applyAgain}>
              Apply my changes again
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={stale.forget}>
              Discard them
            </Button>
          </div>
        </Alert>
      )}
      {stale.conflicts && (
        <Alert tone="warning" role="alert">
          <p className="font-bold">Your changes are applied, but these were also changed in the newer version:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {stale.conflicts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p className="mt-2">Your version of them is in the form: check them before you save.</p>
        </Alert>
      )}
    </>
  )
}
