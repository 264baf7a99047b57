import { ArrowDown, ArrowUp, FileUp, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { formatSize } from '@/components/offline/keep-for-offline'
import { Button } from '@/components/ui/button'
import { FormControl, FormField, FormItem, FormLabel, FormMessage, InputField } from '@/components/ui/form'
import { Switch } from '@/components/ui/switch'
import { messageOf } from '@/lib/errors'
import { formatNames } from '@/lib/formats'
import { fileTypes, useUploadFile } from '../api/files'
import { withFiles, type BookFormValues, type DigitalFormat } from '../book-form'
import type { AdminFile } from '../types'

const formatHelp: Record<DigitalFormat, string> = {
  interactive: 'The book’s storybook, read in the family’s Library once it is published.',
  ebook: 'An EPUB or PDF the family downloads.',
  audiobook: 'MP3, M4A or Ogg tracks, downloaded in the order listed.',
  printable: 'A PDF of activity pages to print.',
}

/**
 * The book's formats: print is the book itself at its price (above), on
 * unless the book is sold in digital formats alone; each digital format is
 * turned on with its price and, for the ones sold as files, its files
 * uploaded here. All of it is saved with the book (and its version).
 */
export function FormatsField() {
  const form = useFormContext<BookFormValues>()
  const [formats, print] = useWatch({ control: form.control, name: ['formats', 'print'] })
  return (
    <section aria-labelledby="book-formats" className="space-y-4 rounded-2xl border-2 border-line bg-white p-5">
      <div>
        <h2 id="book-formats" className="text-xl font-bold">
          Formats
        </h2>
        <p className="text-sm text-muted">{print && 'Print is sold at the price above. '}Digital formats go to the family’s Library at payment and are not refundable.</p>
      </div>
      <ul className="space-y-4">
        <li className="rounded-xl border-2 border-line p-4">
          <FormField
            control={form.control}
            name="print"
            render={({ field }) => (
              <FormItem>
                <div className="flex flex-wrap items-center gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={(on) => field.onChange(on)} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel className="cursor-pointer text-lg">{formatNames.print}</FormLabel>
                </div>
                <p className="text-sm text-muted">{field.value ? 'The printed book, shipped to the family at the price above.' : 'Not sold in print: only the digital formats below.'}</p>
                <FormMessage />
              </FormItem>
            )}
          />
        </li>
        {formats.map((f, i) => (
          <li key={f.format} className="rounded-xl border-2 border-line p-4">
            <FormField
              control={form.control}
              name={`formats.${i}.on`}
              render={({ field }) => (
                <FormItem className="flex flex-wrap items-center gap-3 space-y-0">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={(on) => field.onChange(on)} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel className="cursor-pointer text-lg">{formatNames[f.format]}</FormLabel>
                </FormItem>
              )}
            />
            <p className="mt-1 text-sm text-muted">{formatHelp[f.format]}</p>
            {f.on && (
              <div className="mt-3 space-y-3">
                <InputField control={form.control} name={`formats.${i}.price`} label={`${formatNames[f.format]} price (US dollars)`} inputMode="decimal" placeholder="4.99" autoComplete="off" />
                {withFiles(f.format) && <FormatFiles index={i} format={f.format as Exclude<DigitalFormat, 'interactive'>} files={f.files} />}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A format's files: upload (with how far it has come), the list in its order, remove, and move for an audiobook's tracks. */
function FormatFiles({ index, format, files }: { index: number; format: Exclude<DigitalFormat, 'interactive'>; files: AdminFile[] }) {
  const form = useFormContext<BookFormValues>()
  const upload = useUploadFile()
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const name = `formats.${index}.files` as const
  const set = (next: AdminFile[]) => form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  const tracks = format === 'audiobook'
  const move = (from: number, to: number) => {
    const next = [...files]
    const [file] = next.splice(from, 1)
    next.splice(to, 0, file)
    set(next)
  }
  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    setProblem(null)
    setProgress(0)
    upload.mutate(
      { file: chosen, onProgress: setProgress },
      {
        onSuccess: (file) => {
          const current = form.getValues(name)
          // An e-book or a printable is one file: a new upload replaces it.
          set(tracks ? [...current, file] : [file])
        },
        onError: (error) => setProblem(messageOf(error)),
        onSettled: () => setProgress(null),
      },
    )
  }
  const label = tracks ? 'Tracks' : 'File'
  return (
    <FormField
      control={form.control}
      name={name}
      render={() => (
        <FormItem>
          <p className="font-bold">{label}</p>
          {files.length > 0 && (
            <ol aria-label={`${formatNames[format]} files`} className="divide-y-2 divide-line rounded-lg border-2 border-line">
              {files.map((file, i) => (
                <li key={file.id} className="flex flex-wrap items-center gap-2 p-2">
                  <span className="min-w-0 flex-1 break-words">
                    {tracks && <span className="font-bold">{i + 1}. </span>}
                    {file.name} <span className="text-sm text-muted">({formatSize(file.size)})</span>
                  </span>
                  {tracks && (
                    <>
                      <Button type="button" variant="ghost" size="icon" aria-label={`Move ${file.name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                        <ArrowUp />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={`Move ${file.name} down`} disabled={i === files.length - 1} onClick={() => move(i, i + 1)}>
                        <ArrowDown />
                      </Button>
                    </>
                  )}
                  <Button type="button" variant="ghost" size="icon" className="text-muted hover:text-red-600" aria-label={`Remove ${file.name}`} onClick={() => set(files.filter((f) => f.id !== file.id))}>
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ol>
          )}
          <input
            id={id}
            type="file"
            accept={fileTypes[format]}
            disabled={upload.isPending}
            aria-label={`Upload ${tracks ? 'a track' : 'the file'} of the ${formatNames[format].toLowerCase()}`}
            onChange={(e) => {
              choose(e.target.files?.[0])
              e.target.value = '' // the same file chosen again is uploaded again
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full border-2 border-tiger-200 bg-white px-4 text-sm font-bold text-ink transition hover:border-tiger-400 hover:bg-tiger-50 peer-focus-visible:ring-4 peer-focus-visible:ring-tiger-200 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            <FileUp className="size-4" aria-hidden="true" /> {tracks ? 'Add a track' : files.length > 0 ? 'Replace the file' : 'Upload the file'}
          </label>
          {progress !== null && (
            <div role="status" className="space-y-1 text-sm font-bold text-tiger-800">
              <progress max={1} value={progress} aria-label="Upload progress" className="h-2 w-full accent-tiger-600" />
              Uploading... {Math.round(progress * 100)}%
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm font-bold text-red-700">
              {problem}
            </p>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
