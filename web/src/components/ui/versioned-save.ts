import { useRef, useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { toast } from 'sonner'
import { useStaleSave, type FieldMerge } from './stale-save'

/**
 * The fields of `next` whose value differs from `base`'s (`equal`, === by
 * default): what a back-office PATCH sends beside the version.
 */
export function changedFields<T extends object>(base: object, next: T, equal: (a: unknown, b: unknown) => boolean = (a, b) => a === b): Partial<T> {
  const was = base as Record<string, unknown>
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => !equal(value, was[key]))) as Partial<T>
}

/** A record a back-office editor saves over: its id and the version a save names. */
type Versioned = { id: number; version: number }

/**
 * A back-office editor's save (a book, a post): a new record is created; a
 * loaded one is saved as a PATCH of its changed fields over the version it
 * was opened at, and a save that changed nothing says so. A second click
 * while a save is on its way does nothing; a 409 is the stale save's
 * (useStaleSave), any other refusal goes to `onRefused`.
 *
 *   const { base, stale, save, submitting } = useVersionedSave({ form, loaded, ... })
 *   <form onSubmit={(e) => void form.handleSubmit(save)(e)}> <StaleSaveAlerts stale={stale} ... />
 */
export function useVersionedSave<TValues extends FieldValues, TRecord extends Versioned, TFields extends object>({
  form,
  loaded,
  valuesOf,
  fieldsOf,
  changes = changedFields,
  fetchLatest,
  create,
  update,
  onSaved,
  onRefused,
  unchanged,
  what,
  equal,
  merge,
}: {
  form: UseFormReturn<TValues>
  /** The record as opened; null for a new one. */
  loaded: TRecord | null
  valuesOf: (record: TRecord) => TValues
  /** The body a save sends, from the form's values. */
  fieldsOf: (values: TValues) => TFields
  /** What a PATCH sends; changedFields by default. */
  changes?: (base: TRecord, fields: TFields) => Partial<TFields>
  fetchLatest: (record: TRecord) => Promise<TRecord>
  /** Creates the new record (and says so, and moves on to it). */
  create: (fields: TFields) => Promise<unknown>
  update: (patch: { id: number; version: number; changes: Partial<TFields> }) => Promise<TRecord>
  /** Says the save is done. */
  onSaved: (saved: TRecord) => void
  /** Shows a refusal other than a stale save's. */
  onRefused: (error: unknown) => void
  /** The "Nothing to save" toast's description ('No field differs from the saved book.'). */
  unchanged: string
  what?: string
  equal?: (a: unknown, b: unknown) => boolean
  merge?: { [K in keyof TValues]?: FieldMerge<TValues[K]> }
}) {
  // The version the edits are based on: the one a save names.
  const [base, setBase] = useState(loaded)
  const stale = useStaleSave({ form, base, valuesOf, fetchLatest, onReloaded: setBase, what, equal, merge })
  // A second click while the first save is on its way does nothing.
  const saving = useRef(false)

  const save = async (values: TValues) => {
    if (saving.current) return
    saving.current = true
    try {
      const fields = fieldsOf(values)
      if (!base) {
        await create(fields)
        return
      }
      const patch = changes(base, fields)
      if (Object.keys(patch).length === 0) {
        toast('Nothing to save', { description: unchanged })
        return
      }
      const saved = await update({ id: base.id, version: base.version, changes: patch })
      setBase(saved)
      form.reset(valuesOf(saved))
      stale.forget()
      onSaved(saved)
    } catch (error) {
      if (!stale.refused(error)) onRefused(error)
    } finally {
      saving.current = false
    }
  }

  return { base, stale, save, submitting: form.formState.isSubmitting || stale.reloading }
}
