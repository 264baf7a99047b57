import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { FolderPlus, Pencil, Tags } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Form, FormDescription, InputField, setServerErrors, TextareaField } from '@/components/ui/form'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { StaleSaveAlerts, useStaleSave } from '@/components/ui/stale-save'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { adminCategoriesQueryOptions, useAdminCategories, useCreateCategory, useUpdateCategory } from '../api/categories'
import { categoryChanges, categorySchema, categoryValuesOf, emptyCategory, newCategoryOf, type CategoryFormValues } from '../category-form'
import { slugify } from '../slug'
import type { AdminCategory } from '../types'

const fieldNames = ['id', 'name', 'description', 'position'] as const
const fieldLabels: Record<keyof CategoryFormValues, string> = { id: 'Id', name: 'Name', description: 'Description', position: 'Position' }

/** /admin/categories: the shop's shelves in their order, with their real number of published books. */
export function CategoriesPage() {
  const categories = useAdminCategories()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<string | null>(null)

  return (
    <div className="space-y-6">
      {adding ? (
        <NewCategoryForm onDone={() => setAdding(false)} />
      ) : (
        <Button onClick={() => setAdding(true)}>
          <FolderPlus aria-hidden="true" /> New category
        </Button>
      )}

      {categories.isPending ? (
        <Loading label="Loading the categories..." />
      ) : categories.isError ? (
        <LoadFailed what="the categories" onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState icon={Tags} title="No categories yet" description="Add the first shelf of the shop." />
      ) : (
        <ol className="grid gap-3 md:grid-cols-2" aria-label="Categories, in the shop’s order">
          {categories.data.map((category) => (
            <li key={category.id} className="rounded-2xl border-2 border-line bg-white p-5">
              {editing === category.id ? (
                <EditCategoryForm category={category} onDone={() => setEditing(null)} />
              ) : (
                <CategoryCard category={category} onEdit={() => setEditing(category.id)} />
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

function CategoryCard({ category, onEdit }: { category: AdminCategory; onEdit: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <h2 className="text-xl font-bold">{category.name}</h2>
      <p className="text-sm text-muted">
        Position {category.position} · <span className="whitespace-nowrap">{paths.category(category.id)}</span>
      </p>
      <p className="mt-2 flex-1 text-ink/85">{category.description || <span className="text-muted">No description.</span>}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${category.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Link
          to={`${paths.adminBooks}?category=${encodeURIComponent(category.id)}&status=published`}
          className="rounded-full bg-tiger-100 px-3 py-1 text-sm font-bold text-tiger-800 hover:bg-tiger-200"
        >
          {category.count === 1 ? '1 published book' : `${category.count} published books`}
        </Link>
      </div>
    </div>
  )
}

function NewCategoryForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCategory()
  const form = useForm<CategoryFormValues>({ resolver: zodResolver(categorySchema), defaultValues: emptyCategory })
  const idTyped = useRef(false)
  const save = async (values: CategoryFormValues) => {
    try {
      const created = await create.mutateAsync(newCategoryOf(values))
      toast.success('Category added', { description: `“${created.name}” is at position ${created.position}.` })
      onDone()
    } catch (error) {
      if (!setServerErrors(form.setError, error, fieldNames)) toast.error('Not saved', { description: messageOf(error) })
    }
  }
  return (
    <Form {...form}>
      <form aria-label="New category" noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} className="space-y-4 rounded-2xl border-2 border-tiger-200 bg-white p-5">
        <h2 className="text-xl font-bold">New category</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            control={form.control}
            name="name"
            label="Name"
            autoComplete="off"
            onChange={(e) => {
              if (!idTyped.current) form.setValue('id', slugify(e.target.value).slice(0, 40).replace(/-+$/, ''))
            }}
          />
          <InputField control={form.control} name="id" label="Id (in its web address)" autoComplete="off" onChange={(e) => (idTyped.current = e.target.value !== '')}>
            <FormDescription>Chosen once: books and links use it.</FormDescription>
          </InputField>
        </div>
        <TextareaField control={form.control} name="description" label="Description" rows={3} />
        <InputField control={form.control} name="position" label="Position (optional)" inputMode="numeric" autoComplete="off">
          <FormDescription>Lower comes first; left empty, it goes last.</FormDescription>
        </InputField>
        <FormButtons label="Add category" busyLabel="Adding..." busy={form.formState.isSubmitting} onCancel={onDone} />
      </form>
    </Form>
  )
}

function EditCategoryForm({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const update = useUpdateCategory()
  const queryClient = useQueryClient()
  const latestOf = async (c: AdminCategory) => {
    const latest = (await queryClient.fetchQuery({ ...adminCategoriesQueryOptions(), staleTime: 0 })).find((x) => x.id === c.id)
    if (!latest) throw new Error('This category is gone.')
    return latest
  }
  const [base, setBase] = useState(category)
  const form = useForm<CategoryFormValues>({ resolver: zodResolver(categorySchema), defaultValues: categoryValuesOf(category) })
  const stale = useStaleSave({ form, base, valuesOf: categoryValuesOf, fetchLatest: latestOf, onReloaded: setBase })
  const save = async (values: CategoryFormValues) => {
    const changes = categoryChanges(base, values)
    if (Object.keys(changes).length === 0) return onDone()
    try {
      const saved = await update.mutateAsync({ id: base.id, version: base.version, changes })
      toast.success('Category saved', { description: `“${saved.name}” is saved.` })
      onDone()
    } catch (error) {
      if (!stale.refused(error) && !setServerErrors(form.setError, error, fieldNames)) toast.error('Not saved', { description: messageOf(error) })
    }
  }
  return (
    <Form {...form}>
      <form aria-label={`Edit ${base.name}`} noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} className="space-y-4">
        <StaleSaveAlerts stale={stale} labels={fieldLabels} />
        <p className="text-sm font-bold text-muted">
          Id: <span className="break-all">{base.id}</span>
        </p>
        <InputField control={form.control} name="name" label="Name" autoComplete="off" />
        <TextareaField control={form.control} name="description" label="Description" rows={3} />
        <InputField control={form.control} name="position" label="Position" inputMode="numeric" autoComplete="off" />
        <FormButtons label="Save" busyLabel="Saving..." busy={form.formState.isSubmitting} onCancel={onDone} />
      </form>
    </Form>
  )
}

function FormButtons({ label, busyLabel, busy, onCancel }: { label: string; busyLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
