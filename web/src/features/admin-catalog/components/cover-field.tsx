import { ImageUp } from 'lucide-react'
import { useId } from 'react'
import { useFormContext } from 'react-hook-form'
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { coverSrcSet } from '@/lib/cover-srcset'
import { messageOf } from '@/lib/errors'
import { coverTypes, useUploadCover } from '../api/covers'
import type { BookFormValues } from '../book-form'

/**
 * The book's cover: the picture chosen is uploaded at once (the server
 * checks it and keeps it in the widths the pages use), and the form's
 * coverImage becomes its URL, shown here as it will look.
 */
export function CoverField({ title }: { title: string }) {
  const form = useFormContext<BookFormValues>()
  const upload = useUploadCover()
  const id = useId()
  const choose = (file: File | undefined) => {
    if (!file) return
    form.clearErrors('coverImage')
    upload.mutate(file, {
      onSuccess: (cover) => form.setValue('coverImage', cover.coverImage, { shouldDirty: true }),
      onError: (error) => form.setError('coverImage', { type: 'server', message: messageOf(error) }),
    })
  }
  return (
    <FormField
      control={form.control}
      name="coverImage"
      render={({ field }) => {
        const srcSet = coverSrcSet(field.value)
        return (
          <FormItem id={id}>
            <FormLabel>Cover picture</FormLabel>
            <div className="flex items-start gap-4">
              {field.value ? (
                <img
                  src={field.value}
                  srcSet={srcSet}
                  sizes={srcSet && '128px'}
                  alt={`Cover of ${title || 'this book'}`}
                  width={128}
                  height={192}
                  className="aspect-[2/3] w-32 shrink-0 rounded-xl bg-tiger-50 object-cover shadow-md"
                />
              ) : (
                <span className="flex aspect-[2/3] w-32 shrink-0 flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-tiger-200 bg-cream p-2 text-center text-sm text-muted">
                  <ImageUp className="size-6" aria-hidden="true" />
                  No cover yet
                </span>
              )}
              <div className="min-w-0 flex-1 space-y-2">
                {/* The file input is hidden behind a button-like label: the browser's own shows "No file chosen" in a narrow column. */}
                <FormControl>
                  <input
                    type="file"
                    accept={coverTypes.join(',')}
                    disabled={upload.isPending}
                    onChange={(e) => {
                      choose(e.target.files?.[0])
                      e.target.value = '' // the same file chosen again is uploaded again
                    }}
                    className="peer sr-only"
                  />
                </FormControl>
                <label
                  htmlFor={id}
                  className="inline-flex h-9 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full border-2 border-tiger-200 bg-white px-4 text-sm font-bold text-ink transition hover:border-tiger-400 hover:bg-tiger-50 peer-focus-visible:ring-4 peer-focus-visible:ring-tiger-200 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
                >
                  <ImageUp className="size-4" aria-hidden="true" /> {field.value ? 'Replace picture' : 'Choose a picture'}
                </label>
                <FormDescription>JPEG, PNG or WebP, at least 480 × 720 pixels and up to 5 MB; a 2:3 picture fits best.</FormDescription>
                {upload.isPending && (
                  <p role="status" className="text-sm font-bold text-tiger-800">
                    Uploading the cover...
                  </p>
                )}
                <FormMessage />
              </div>
            </div>
          </FormItem>
        )
      }}
    />
  )
}
