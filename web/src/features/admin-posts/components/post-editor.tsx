import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { ExternalLink, RotateCcw, Save } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Form, InputField, LabelledField, SelectField, setServerErrors } from '@/components/ui/form'
import { Textarea } from '@/components/ui/input'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { adminPostQueryOptions, useAdminPost, useCreatePost, useUpdatePost } from '../api/posts'
import { changedFields, emptyPost, formValuesOf, isSiteAddress, limits, postFormFields, postSchema, type PostFormValues } from '../post-form'
import { knownCategories, statusNames, type AdminPost, type PostFields, type PostStatus } from '../types'
import { MarkdownField } from './markdown-field'

/** /admin/posts/{id} (id) or /admin/posts/new (no id): a post's every field and its article. */
export function PostEditor({ id }: { id?: number }) {
  const post = useAdminPost(id ?? 0)
  if (id === undefined) return <PostForm loaded={null} />
  if (!Number.isSafeInteger(id) || id < 1 || (post.error instanceof ApiError && post.error.status === 404)) {
    return (
      <Alert tone="error">
        <p className="font-bold">There is no such post.</p>
        <Link to={paths.adminPosts} className="mt-2 inline-block font-bold underline">
          Back to the posts
        </Link>
      </Alert>
    )
  }
  // The form starts from what is saved now, not from a copy kept since the post was last open.
  if (post.isPending || (post.isFetching && !post.isFetchedAfterMount)) return <Loading label="Loading the post..." />
  if (post.isError) return <LoadFailed what="the post" onRetry={() => void post.refetch()} />
  return <PostForm key={post.data.id} loaded={post.data} />
}

const statusOptions = (Object.keys(statusNames) as PostStatus[]).map((value) => ({ value, label: statusNames[value] }))
const statusHelp: Record<PostStatus, string> = {
  draft: 'Only the back office sees it.',
  published: 'On the blog for every visitor, from the moment it is saved.',
}

/** The names of the fields, as the list of unsaved changes after a reload says them. */
const fieldLabels: Record<keyof PostFormValues, string> = {
  title: 'Title', slug: 'Slug', excerpt: 'Excerpt', author: 'Author', category: 'Category', bodyMarkdown: 'Article',
  coverImage: 'Cover picture', coverAlt: 'Cover description', status: 'Status', publishedAt: 'Date',
}

function PostForm({ loaded }: { loaded: AdminPost | null }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const create = useCreatePost()
  const update = useUpdatePost()
  // The version the edits are based on: the one a save names.
  const [base, setBase] = useState(loaded)
  const form = useForm<PostFormValues>({ resolver: zodResolver(postSchema), defaultValues: base ? formValuesOf(base) : emptyPost() })
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  // After a reload: what the editor had changed, kept to apply again.
  const [unsaved, setUnsaved] = useState<Partial<PostFormValues> | null>(null)
  // A second click while the first save is on its way does nothing.
  const saving = useRef(false)
  const [status, coverImage, coverAlt, excerpt] = useWatch({ control: form.control, name: ['status', 'coverImage', 'coverAlt', 'excerpt'] })

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && base) {
      setConflict(error.message)
      return
    }
    const shown = setServerErrors(form.setError, error, postFormFields)
    toast.error('Not saved', { description: shown ? 'Please correct the highlighted fields.' : messageOf(error) })
  }

  const save = async (values: PostFormValues) => {
    if (saving.current) return
    saving.current = true
    try {
      const fields = values as PostFields // trimmed by the schema
      if (!base) {
        const created = await create.mutateAsync(fields)
        toast.success('Post created', { description: `“${created.title}” is saved as a ${statusNames[created.status].toLowerCase()}.` })
        await navigate(paths.adminPost(created.id), { replace: true })
        return
      }
      const changes = changedFields(base, fields)
      if (Object.keys(changes).length === 0) {
        toast('Nothing to save', { description: 'No field differs from the saved post.' })
        return
      }
      const saved = await update.mutateAsync({ id: base.id, version: base.version, changes })
      setBase(saved)
      form.reset(formValuesOf(saved))
      setUnsaved(null)
      toast.success('Saved', { description: `“${saved.title}” is ${saved.status === 'published' ? 'on the blog' : 'a draft'}.` })
    } catch (error) {
      refused(error)
    } finally {
      saving.current = false
    }
  }

  /** Loads the newer version into the form; what the editor had changed is kept, to apply again or leave. */
  const reload = async () => {
    if (!base) return
    setReloading(true)
    try {
      const mine = form.getValues()
      const edits = Object.fromEntries(postFormFields.filter((k) => mine[k] !== formValuesOf(base)[k]).map((k) => [k, mine[k]]))
      const latest = await queryClient.fetchQuery({ ...adminPostQueryOptions(base.id), staleTime: 0 })
      setBase(latest)
      form.reset(formValuesOf(latest))
      setConflict(null)
      setUnsaved(Object.keys(edits).length > 0 ? edits : null)
    } catch (error) {
      toast.error('Could not reload the post', { description: messageOf(error) })
    } finally {
      setReloading(false)
    }
  }

  const applyAgain = () => {
    if (!unsaved) return
    for (const key of Object.keys(unsaved) as (keyof PostFormValues)[]) form.setValue(key, unsaved[key] as never, { shouldDirty: true })
    setUnsaved(null)
  }

  const submitting = form.formState.isSubmitting || reloading

  return (
    <Form {...form}>
      <form aria-label={base ? `Edit ${base.title}` : 'New post'} noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} className="space-y-6">
        {conflict && (
          <Alert tone="warning" role="alert">
            <p className="font-bold">{conflict}</p>
            <p className="mt-1">Your changes are still in the form below. Reload to see the newer version; we keep your changes so you can make them again.</p>
            <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => void reload()} disabled={reloading}>
              <RotateCcw aria-hidden="true" /> {reloading ? 'Reloading...' : 'Reload'}
            </Button>
          </Alert>
        )}
        {unsaved && (
          <Alert tone="info">
            <p className="font-bold">This is the newer version. Your changes were not saved: {Object.keys(unsaved).map((k) => fieldLabels[k as keyof PostFormValues]).join(', ')}.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" size="sm" onClick={applyAgain}>
                Apply my changes again
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => setUnsaved(null)}>
                Discard them
              </Button>
            </div>
          </Alert>
        )}

        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="post-text" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
            <h2 id="post-text" className="text-xl font-bold">
              The post
            </h2>
            <InputField control={form.control} name="title" label="Title" autoComplete="off" />
            <LabelledField control={form.control} name="excerpt" label="Excerpt" renderControl={(field) => <Textarea rows={3} {...field} />}>
              <p className="text-sm text-muted">
                The blog's list shows it under the title. {excerpt.length} of {limits.excerpt} characters.
              </p>
            </LabelledField>
            <MarkdownField control={form.control} />
          </section>

          <div className="space-y-6">
            <section aria-labelledby="post-publishing" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
              <h2 id="post-publishing" className="text-xl font-bold">
                Publishing
              </h2>
              <SelectField control={form.control} name="status" label="Status" options={statusOptions} />
              <p className="-mt-3 text-sm text-muted">{statusHelp[status]}</p>
              <InputField control={form.control} name="publishedAt" label="Date" type="date">
                <p className="text-sm text-muted">Shown on the post; the blog lists the newest first.</p>
              </InputField>
              <InputField control={form.control} name="author" label="Author" autoComplete="off" />
              <InputField control={form.control} name="category" label="Category" autoComplete="off" list="post-categories" />
              <datalist id="post-categories">
                {knownCategories.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
              <InputField control={form.control} name="slug" label="Slug" autoComplete="off" placeholder={base ? undefined : 'Made from the title'}>
                <p className="text-sm text-muted">Lowercase letters, digits and dashes: the post's name for sharing and search engines.</p>
              </InputField>
            </section>

            <section aria-labelledby="post-cover" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
              <h2 id="post-cover" className="text-xl font-bold">
                Cover
              </h2>
              {/* Only an address the schema takes is shown, so the page never asks another site for a picture. */}
              {isSiteAddress(coverImage.trim()) && (
                <img src={coverImage.trim()} alt={coverAlt} width={400} height={250} className="aspect-[8/5] w-full rounded-xl border-2 border-line object-cover" />
              )}
              <InputField control={form.control} name="coverImage" label="Picture address" autoComplete="off" placeholder="/blog/bedtime-stories.svg">
                <p className="text-sm text-muted">A picture on this site, such as /blog/reading-together.svg, or the address of an uploaded cover.</p>
              </InputField>
              <InputField control={form.control} name="coverAlt" label="Picture description" autoComplete="off">
                <p className="text-sm text-muted">What the picture shows, for readers who cannot see it.</p>
              </InputField>
            </section>
          </div>
        </div>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t-2 border-line bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-2">
          <Button type="submit" disabled={submitting}>
            <Save aria-hidden="true" /> {form.formState.isSubmitting ? 'Saving...' : base ? 'Save' : 'Create post'}
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.adminPosts}>Back to the posts</Link>
          </Button>
          {base?.status === 'published' && (
            <Button asChild variant="link" className="ml-auto">
              <Link to={paths.blogPost(base.id)} target="_blank" rel="noopener">
                View on the blog <ExternalLink aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </Link>
            </Button>
          )}
        </div>
      </form>
    </Form>
  )
}
