import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { ExternalLink, Save } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, InputField, SelectField, setServerErrors, TextareaField } from '@/components/ui/form'
import { RecordLoader } from '@/components/ui/record-loader'
import { StaleSaveAlerts } from '@/components/ui/stale-save'
import { useVersionedSave } from '@/components/ui/versioned-save'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { adminBookQueryOptions, useAdminBook, useCreateBook, useUpdateBook } from '../api/books'
import { useAdminCategories } from '../api/categories'
import {
  bookFormFields,
  bookSchema,
  changedFields,
  emptyBook,
  fieldLabels,
  fieldsOf,
  formValuesOf,
  sameValue,
  serverNames,
  splitServerErrors,
  type BookFormValues,
} from '../book-form'
import { slugify } from '../slug'
import { ageBands, statusNames, type AdminBook, type BookStatus } from '../types'
import { CoverField } from './cover-field'
import { FormatsField } from './formats-field'

/** /admin/books/{id} (id) or /admin/books/new (no id): the book's every field. */
export function BookEditor({ id }: { id?: number }) {
  const book = useAdminBook(id ?? 0)
  if (id === undefined) return <BookForm loaded={null} />
  return (
    <RecordLoader query={book} what="book" back={{ to: paths.adminBooks, label: 'Back to the books' }} missing={!Number.isSafeInteger(id) || id < 1}>
      {(loaded) => <BookForm key={loaded.id} loaded={loaded} />}
    </RecordLoader>
  )
}

const statusOptions = (Object.keys(statusNames) as BookStatus[]).map((value) => ({ value, label: statusNames[value] }))
const ageBandOptions = ageBands.map((band) => ({ value: band, label: `${band} years` }))
const statusHelp: Record<BookStatus, string> = {
  draft: 'Only the back office sees it.',
  published: 'On sale in the shop.',
  archived: 'Off sale: its page answers “not found”.',
}

function BookForm({ loaded }: { loaded: AdminBook | null }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const categories = useAdminCategories()
  const create = useCreateBook()
  const update = useUpdateBook()
  const form = useForm<BookFormValues>({ resolver: zodResolver(bookSchema), defaultValues: loaded ? formValuesOf(loaded) : emptyBook })
  const [otherErrors, setOtherErrors] = useState<string[]>([])
  const { base, stale, save, submitting } = useVersionedSave({
    form,
    loaded,
    valuesOf: formValuesOf,
    fieldsOf,
    changes: changedFields,
    fetchLatest: (book) => queryClient.fetchQuery({ ...adminBookQueryOptions(book.id), staleTime: 0 }),
    create: async (fields) => {
      // A plain printed book is created as before formats; one sold in more formats says so.
      if (fields.formats?.length === 1 && fields.formats[0].format === 'print') delete fields.formats
      const created = await create.mutateAsync(fields)
      toast.success('Book created', { description: `“${created.title}” is saved as ${statusNames[created.status].toLowerCase()}.` })
      await navigate(paths.adminBook(created.id), { replace: true })
    },
    update: (patch) => update.mutateAsync(patch),
    onSaved: (saved) => toast.success('Saved', { description: `“${saved.title}” is ${statusNames[saved.status].toLowerCase()}.` }),
    onRefused: (error) => {
      const { others } = splitServerErrors(error)
      setOtherErrors(others)
      const shown = setServerErrors(form.setError, error, bookFormFields, serverNames)
      toast.error('Not saved', { description: shown || others.length > 0 ? 'Please correct the highlighted fields.' : messageOf(error) })
    },
    unchanged: 'No field differs from the saved book.',
    equal: sameValue,
  })
  // A new book's slug follows its title until the slug is typed in.
  const slugTyped = useRef(false)
  const [title, trackStock, status, print] = useWatch({ control: form.control, name: ['title', 'trackStock', 'status', 'print'] })
  // A new save's refusal replaces the last one's messages.
  const saveAgain = (values: BookFormValues) => {
    setOtherErrors([])
    return save(values)
  }
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))

  return (
    <Form {...form}>
      <form aria-label={base ? `Edit ${base.title}` : 'New book'} noValidate onSubmit={(e) => void form.handleSubmit(saveAgain)(e)} className="space-y-6">
        <StaleSaveAlerts stale={stale} labels={fieldLabels} show={showEdit} />
        {otherErrors.length > 0 && (
          <Alert tone="error">
            <ul className="list-disc pl-5">
              {otherErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <section aria-labelledby="book-about" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
            <h2 id="book-about" className="text-xl font-bold">
              About the book
            </h2>
            <InputField
              control={form.control}
              name="title"
              label="Title"
              autoComplete="off"
              onChange={(e) => {
                if (!base && !slugTyped.current) form.setValue('slug', slugify(e.target.value))
              }}
            />
            <InputField control={form.control} name="author" label="Author" autoComplete="off" />
            <TextareaField control={form.control} name="description" label="Description" rows={6} />
            <div className="grid gap-5 sm:grid-cols-2">
              {print ? (
                <InputField control={form.control} name="price" label="Price (US dollars)" inputMode="decimal" placeholder="12.99" autoComplete="off" />
              ) : (
                <p className="self-end text-sm text-muted">Not sold in print: each digital format has its price under Formats.</p>
              )}
              <InputField control={form.control} name="pages" label="Pages" inputMode="numeric" autoComplete="off" />
              <InputField control={form.control} name="isbn" label="ISBN-13" autoComplete="off" placeholder="978-1-915842-01-5">
                <FormDescription>A published book needs one.</FormDescription>
              </InputField>
              <InputField control={form.control} name="publicationDate" label="Publication date" type="date" />
              <InputField control={form.control} name="rating" label="Rating (0 to 5, optional)" inputMode="decimal" autoComplete="off" />
              <SelectField control={form.control} name="ageBand" label="Age band" options={ageBandOptions} placeholder="No age band" />
            </div>
          </section>

          <div className="space-y-6">
            <section aria-labelledby="book-sale" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="book-sale" className="text-xl font-bold">
                  In the shop
                </h2>
                {base?.status === 'published' && (
                  <Link to={paths.book(base.id)} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-bold text-tiger-700 underline-offset-4 hover:underline">
                    View its page <ExternalLink className="size-4" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </Link>
                )}
              </div>
              <SelectField control={form.control} name="status" label="Status" options={statusOptions} />
              <p className="-mt-3 text-sm text-muted">{statusHelp[status]}</p>
              <SelectField control={form.control} name="category" label="Category" options={categoryOptions} placeholder={categories.isPending ? 'Loading...' : 'Choose a category'} />
              <CheckboxField name="isNewRelease" label="New release" control={form.control} />
              <CheckboxField name="preorders" label="Take pre-orders" control={form.control} />
              <p className="-mt-3 text-sm text-muted">
                While the publication date is to come, the shop says “Pre-order — ships” that day. Buyers pay now; the orders ship, and digital formats open, on
                that day. Moving the date tells them.
              </p>
              <CheckboxField name="trackStock" label="Track quantity" control={form.control} />
              {trackStock ? (
                <InputField control={form.control} name="stock" label="Copies on hand" inputMode="numeric" autoComplete="off">
                  <FormDescription>At 0 the shop says “Out of stock” and Add to Cart is off.</FormDescription>
                </InputField>
              ) : (
                <p className="-mt-3 text-sm text-muted">Not tracked: the book is always available.</p>
              )}
            </section>

            <section aria-labelledby="book-cover" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
              <h2 id="book-cover" className="text-xl font-bold">
                Cover and address
              </h2>
              <CoverField title={title} />
              <InputField
                control={form.control}
                name="slug"
                label="Slug"
                autoComplete="off"
                onChange={(e) => {
                  slugTyped.current = e.target.value !== ''
                }}
              >
                <FormDescription>Lowercase letters, digits and hyphens: the book’s name in its web address.</FormDescription>
              </InputField>
            </section>

            <FormatsField />
          </div>
        </div>

        <div data-sticky-actions className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t-2 border-line bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-2">
          <Button type="submit" disabled={submitting}>
            <Save aria-hidden="true" /> {form.formState.isSubmitting ? 'Saving...' : base ? 'Save' : 'Create book'}
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.adminBooks}>Back to the books</Link>
          </Button>
        </div>
      </form>
    </Form>
  )
}

function CheckboxField({ name, label, control }: { name: 'isNewRelease' | 'preorders' | 'trackStock'; label: string; control: ReturnType<typeof useForm<BookFormValues>>['control'] }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-wrap items-center gap-3 space-y-0">
          <FormControl>
            <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} ref={field.ref} />
          </FormControl>
          <FormLabel className="cursor-pointer text-base">{label}</FormLabel>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** An edit as the list of unsaved changes shows it. */
function showEdit(value: unknown, key: keyof BookFormValues): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (key === 'coverImage') return value ? 'a new picture' : 'no cover'
  if (key === 'price') return `$${value}`
  if (key === 'formats') return 'changed formats'
  const text = String(value ?? '')
  if (text === '') return '(empty)'
  return text.length > 80 ? `“${text.slice(0, 80)}…”` : `“${text}”`
}
