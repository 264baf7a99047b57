import { useState } from 'react'
import { useFormState, useWatch, type Control } from 'react-hook-form'
import { ArticleHtml } from '@/components/ui/article-html'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Textarea } from '@/components/ui/input'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { usePreview } from '../api/posts'
import type { PostFormValues } from '../post-form'

/**
 * The article's Markdown, written in one tab and seen in the other as a
 * visitor will: the Preview tab asks the server to render and sanitize
 * what is in the box now. A message on the field brings the Write tab back.
 */
export function MarkdownField({ control }: { control: Control<PostFormValues> }) {
  const [tab, setTab] = useState('write')
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
                <Textarea rows={18} spellCheck className="font-mono text-base leading-relaxed" {...field} />
              </FormControl>
              <FormDescription>
                ## starts a heading, **bold**, *italic*, a line starting with - is a list item, &gt; a quote, and [words](/books) a link. HTML is left out.
              </FormDescription>
              <FormMessage />
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
