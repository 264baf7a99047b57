import { ImageUp } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useFormState, useWatch, type Control } from 'react-hook-form'
import { ArticleHtml } from '@/components/ui/article-html'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Textarea } from '@/components/ui/input'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { messageOf } from '@/lib/errors'
import { pictureTypes, usePreview, useUploadPostPicture } from '../api/posts'
import type { PostFormValues } from '../post-form'

/**
 * The article's Markdown, written in one tab and seen in the other as a
 * visitor will: the Preview tab asks the server to render and sanitize
 * what is in the box now. A message on the field brings the Write tab back.
 */
export function MarkdownField({ control }: { control: Control<PostFormValues> }) {
  const [tab, setTab] = useState('write')
  const box = useRef<HTMLTextAreaElement | null>(null)
  const { errors } = useFormState({ control, name: 'bodyMarkdown' })
  const shown = errors.bodyMarkdown ? 'write' : tab
  return (
    <Tabs value={shown} onValueChange={setTab}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-sm font-bold" id="article-heading">
          Article
        </h3>
        <TabsList aria-labelledby="article-heading">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="write" tabIndex={-1}>
        <FormField
          control={control}
          name="bodyMarkdown"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Article in Markdown</FormLabel>
              <FormControl>
                <Textarea
                  rows={18}
                  spellCheck
                  className="font-mono text-base leading-relaxed"
                  {...field}
                  ref={(el) => {
                    box.current = el
                    field.ref(el)
                  }}
                />
              </FormControl>
              <FormDescription>
                ## starts a heading, **bold**, *italic*, a line starting with - is a list item, &gt; a quote, and [words](/books) a link. HTML is left out.
                Pictures from other sites cannot be shown: add yours with Add a picture.
              </FormDescription>
              <FormMessage />
              <AddPicture onUploaded={(url) => insertPicture(box.current, field.value, field.onChange, url)} />
            </FormItem>
          )}
        />
      </TabsContent>
      <TabsContent value="preview" className="rounded-2xl border-2 border-line bg-cream p-5 sm:p-8">
        <Preview control={control} />
      </TabsContent>
    </Tabs>
  )
}

/** The words a new picture's description starts with, selected for the author to type over. */
export const pictureAlt = 'Describe the picture'

/**
 * Puts a picture's Markdown at the cursor, in a paragraph of its own, and
 * selects its description so the author writes what it shows.
 */
function insertPicture(box: HTMLTextAreaElement | null, value: string, onChange: (v: string) => void, url: string) {
  const at = box ? box.selectionEnd : value.length
  const before = value.slice(0, at)
  const pad = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  // The new text is in the box before the selection is made: a selection
  // made first is lost when React writes the value, leaving the cursor at the end.
  flushSync(() => onChange(`${before}${pad}![${pictureAlt}](${url})\n\n${value.slice(at)}`))
  const start = before.length + pad.length + 2
  box?.focus()
  box?.setSelectionRange(start, start + pictureAlt.length)
}

/** The "Add a picture" button: the picture chosen is uploaded at once, then its Markdown goes in the article. */
function AddPicture({ onUploaded }: { onUploaded: (url: string) => void }) {
  const upload = useUploadPostPicture()
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const choose = (file: File | undefined) => {
    if (!file) return
    setError(null)
    upload.mutate(file, { onSuccess: (p) => onUploaded(p.url), onError: (e) => setError(messageOf(e)) })
  }
  return (
    <div className="space-y-1">
      <input
        id={id}
        type="file"
        accept={pictureTypes.join(',')}
        disabled={upload.isPending}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          choose(e.target.files?.[0])
          e.target.value = '' // the same file chosen again is uploaded again
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex h-11 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full border-2 border-tiger-200 bg-white px-4 text-sm font-bold text-ink transition hover:border-tiger-400 hover:bg-tiger-50 peer-focus-visible:ring-4 peer-focus-visible:ring-tiger-200 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <ImageUp className="size-4" aria-hidden="true" /> Add a picture
      </label>
      {upload.isPending && (
        <p role="status" className="text-sm font-bold text-tiger-800">
          Uploading the picture...
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-bold text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

function Preview({ control }: { control: Control<PostFormValues> }) {
  const markdown = useWatch({ control, name: 'bodyMarkdown' })
  const preview = usePreview(markdown, markdown.trim() !== '')
  if (!markdown.trim()) return <p className="text-muted">Nothing to preview yet: write the article in the Write tab.</p>
  if (preview.isPending) return <Loading label="Rendering the preview..." />
  if (preview.isError) return <LoadFailed what="the preview" onRetry={() => void preview.refetch()} />
  return (
    <>
      <p className="mb-4 text-sm font-bold text-muted">About {preview.data.readMinutes} min read</p>
      <ArticleHtml html={preview.data.html} />
    </>
  )
}
