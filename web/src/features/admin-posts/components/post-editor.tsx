import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { ExternalLink, Save } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField, SelectField, setServerErrors, TextareaField } from '@/components/ui/form'
import { RecordLoader } from '@/components/ui/record-loader'
import { StaleSaveAlerts } from '@/components/ui/stale-save'
import { useVersionedSave } from '@/components/ui/versioned-save'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { adminPostQueryOptions, useAdminPost, useCreatePost, useUpdatePost } from '../api/posts'
import { emptyPost, formValuesOf, isSiteAddress, limits, postFormFields, postSchema, type PostFormValues } from '../post-form'
import { knownCategories, statusNames, type AdminPost, type PostFields, type PostStatus } from '../types'
import { MarkdownField } from './markdown-field'

/** /admin/posts/{id} (id) or /admin/posts/new (no id): a post's every field and its article. */
export function PostEditor({ id }: { id?: number }) {
  const post = useAdminPost(id ?? 0)
  if (id === undefined) return <PostForm loaded={null} />
  return (
    <RecordLoader query={post} what="post" back={{ to: paths.adminPosts, label: 'Back to the posts' }} missing={!Number.isSafeInteger(id) || id < 1}>
      {(loaded) => <PostForm key={loaded.id} loaded={loaded} />}
    </RecordLoader>
  )
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
  const form = useForm<PostFormValues>({ resolver: zodResolver(postSchema), defaultValues: loaded ? formValuesOf(loaded) : emptyPost() })
  const { base, stale, save, submitting } = useVersionedSave({
    form,
    loaded,
    valuesOf: formValuesOf,
    fieldsOf: (values) => values as PostFields, // trimmed by the schema
    fetchLatest: (post) => queryClient.fetchQuery({ ...adminPostQueryOptions(post.id), staleTime: 0 }),
    create: async (fields) => {
      const created = await create.mutateAsync(fields)
      toast.success('Post created', { description: `“${created.title}” is saved as a ${statusNames[created.status].toLowerCase()}.` })
      await navigate(paths.adminPost(created.id), { replace: true })
    },
    update: (patch) => update.mutateAsync(patch),
    onSaved: (saved) => toast.success('Saved', { description: `“${saved.title}” is ${saved.status === 'published' ? 'on the blog' : 'a draft'}.` }),
    onRefused: (error) => {
      const shown = setServerErrors(form.setError, error, postFormFields)
      toast.error('Not saved', { description: shown ? 'Please correct the highlighted fields.' : messageOf(error) })
    },
    unchanged: 'No field differs from the saved post.',
    what: 'the post',
  })
  const [status, coverImage, coverAlt, excerpt] = useWatch({ control: form.control, name: ['status', 'coverImage', 'coverAlt', 'excerpt'] })

  return (
    <Form {...form}>
      <form aria-label={base ? `Edit ${base.title}` : 'New post'} noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} className="space-y-6">
        {/* An article is too long to list: the kept changes are named, not shown. */}
        <StaleSaveAlerts stale={stale} labels={fieldLabels} listing="names" />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="post-text" className="space-y-5 rounded-2xl border-2 border-line bg-white p-5">
            <h2 id="post-text" className="text-xl font-bold">
              The post
            </h2>
            <InputField control={form.control} name="title" label="Title" autoComplete="off" />
            <TextareaField control={form.control} name="excerpt" label="Excerpt" rows={3}>
              <p className="text-sm text-muted">
                The blog's list shows it under the title. {excerpt.length} of {limits.excerpt} characters.
              </p>
            </TextareaField>
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

        <div data-sticky-actions className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t-2 border-line bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-2">
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
