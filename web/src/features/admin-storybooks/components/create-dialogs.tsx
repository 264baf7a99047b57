import { zodResolver } from '@hookform/resolvers/zod'
import { useId, type ReactNode } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, InputField, SelectField, setServerErrors } from '@/components/ui/form'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { useCatalogBooks, useCreateStorybook, useImportTwee, type CatalogBook } from '../api/storybooks'

/** A modal <dialog> holding a small form: focus stays inside, Escape closes it, the server's refusal shows above the buttons. */
function FormDialog<T extends Record<string, unknown>>({
  open,
  title,
  form,
  onSubmit,
  submitLabel,
  onClose,
  error,
  children,
}: {
  open: boolean
  title: string
  form: UseFormReturn<T>
  onSubmit: (values: T) => Promise<void>
  submitLabel: string
  onClose: () => void
  error: string | null
  children: ReactNode
}) {
  const ref = useModalDialog(open)
  const titleId = useId()
  const busy = form.formState.isSubmitting
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => open && onClose()} className={`${modalDialogClass} max-w-lg`}>
      <Form {...form}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="space-y-4">
          <h2 id={titleId} className="text-2xl font-bold">
            {title}
          </h2>
          {children}
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-bold text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Working...' : submitLabel}
            </Button>
          </div>
        </form>
      </Form>
    </dialog>
  )
}

const bookOptions = (books: CatalogBook[] | undefined, skip: Set<number>) =>
  (books ?? []).filter((b) => !skip.has(b.id)).map((b) => ({ value: String(b.id), label: b.title }))

/** The catalog's books for the choice, or why they are not there. */
function BooksNote({ query, none }: { query: ReturnType<typeof useCatalogBooks>; none: boolean }) {
  if (query.isPending) return <p className="text-sm text-muted">Loading the books...</p>
  if (query.isError) return <p role="alert" className="text-sm font-bold text-red-700">Could not load the books: {messageOf(query.error)}</p>
  if (none) return <p className="text-sm text-muted">Every book of the catalog has a storybook already.</p>
  return null
}

const newSchema = z.object({
  bookId: z.string().min(1, 'Choose the book this storybook is the interactive edition of.'),
  title: z.string().trim().max(150, 'Keep the title to 150 characters or fewer.'),
})
type NewValues = z.input<typeof newSchema>

/** "New storybook": a draft for a catalog book that has none, with one start page; then its editor. */
export function NewStorybookDialog({ open, onClose, taken }: { open: boolean; onClose: () => void; taken: Set<number> }) {
  const navigate = useNavigate()
  const books = useCatalogBooks(open)
  const create = useCreateStorybook()
  const form = useForm<NewValues>({ resolver: zodResolver(newSchema), defaultValues: { bookId: '', title: '' } })
  const options = bookOptions(books.data, taken)
  const submit = async (values: NewValues) => {
    try {
      const book = books.data?.find((b) => String(b.id) === values.bookId)
      const created = await create.mutateAsync({ bookId: Number(values.bookId), title: values.title.trim() || (book?.title ?? '') })
      toast.success('Storybook created', { description: `“${created.title}” is a draft with its first page.` })
      await navigate(paths.adminStorybook(created.id))
    } catch (error) {
      if (!setServerErrors(form.setError, error, ['bookId', 'title'])) form.setError('root', { message: messageOf(error) })
    }
  }
  const close = () => {
    form.reset()
    onClose()
  }
  return (
    <FormDialog open={open} title="New storybook" form={form} onSubmit={submit} submitLabel="Create storybook" onClose={close} error={form.formState.errors.root?.message ?? null}>
      <SelectField control={form.control} name="bookId" label="Book" placeholder="Choose a book" options={options} />
      <BooksNote query={books} none={books.isSuccess && options.length === 0} />
      <InputField control={form.control} name="title" label="Title" autoComplete="off">
        <p className="text-sm text-muted">Leave it empty to use the book's title.</p>
      </InputField>
    </FormDialog>
  )
}

const importSchema = z.object({
  bookId: z.string().min(1, 'Choose the book the story is for.'),
  file: z.instanceof(File, { message: 'Choose the .twee file Twine exported.' }).nullable().refine((f) => f !== null, 'Choose the .twee file Twine exported.'),
})
type ImportValues = z.input<typeof importSchema>

/** "Import from Twine": a Twee 3 file for a book; a book's storybook has its pages replaced, another book gets a new draft. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const books = useCatalogBooks(open)
  const importer = useImportTwee()
  const form = useForm<ImportValues>({ resolver: zodResolver(importSchema), defaultValues: { bookId: '', file: null } })
  const fileId = useId()
  const submit = async (values: ImportValues) => {
    try {
      const twee = await values.file!.text()
      const imported = await importer.mutateAsync({ bookId: Number(values.bookId), twee })
      toast.success('Imported from Twine', { description: `“${imported.title}”: ${countPages(imported.pages.length)}.` })
      await navigate(paths.adminStorybook(imported.id))
    } catch (error) {
      // A Twee file's mistakes come as one message (its line and passage), not as form fields.
      form.setError('root', { message: error instanceof ApiError && error.status === 409 ? error.message : messageOf(error) })
    }
  }
  const close = () => {
    form.reset()
    onClose()
  }
  return (
    <FormDialog open={open} title="Import from Twine" form={form} onSubmit={submit} submitLabel="Import" onClose={close} error={form.formState.errors.root?.message ?? null}>
      <p className="text-muted">
        In Twine, choose Build, then Export as Twee. Passages become pages, links become choices, a passage tagged <em>ending</em> is an ending. A book that has a storybook gets the
        file's pages in place of its own.
      </p>
      <SelectField control={form.control} name="bookId" label="Book" placeholder="Choose a book" options={bookOptions(books.data, new Set())} />
      <BooksNote query={books} none={false} />
      <FormField
        control={form.control}
        name="file"
        render={({ field }) => (
          <FormItem id={fileId}>
            <FormLabel>Twee file</FormLabel>
            <FormControl>
              <input
                type="file"
                accept=".twee,.tw,.txt,text/plain"
                onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                onBlur={field.onBlur}
                className="block w-full text-sm file:mr-3 file:rounded-full file:border-2 file:border-tiger-200 file:bg-white file:px-4 file:py-2 file:font-bold file:text-ink hover:file:border-tiger-400"
              />
            </FormControl>
            <FormDescription>A .twee file in Twee 3, as Twine 2 exports it.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </FormDialog>
  )
}

const countPages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`
