import { ImageUp, Music, X } from 'lucide-react'
import { useId } from 'react'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { InputField } from '@/components/ui/form'
import { FieldError } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { messageOf } from '@/lib/errors'
import { narrationTypes, pictureTypes, useUploadMedia } from '../api/storybooks'
import { limits, type StoryValues } from '../story-form'

/** The shop's character drawings, which any page may show. */
export const characters = [
  { name: 'Siso', src: '/illustrations/siso.svg' },
  { name: 'Nainni', src: '/illustrations/nainni.svg' },
  { name: 'Lizzie', src: '/illustrations/lizzie.svg' },
  { name: 'FeeFee', src: '/illustrations/feefee.svg' },
]

/** A file input behind a button-like label (the browser's own says "No file chosen" in a narrow column). */
function FileButton({ label, accept, disabled, onFile, describedBy, invalid }: { label: string; accept: string[]; disabled: boolean; onFile: (f: File) => void; describedBy?: string; invalid?: boolean }) {
  const id = useId()
  return (
    <span>
      <input
        id={id}
        type="file"
        accept={accept.join(',')}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) onFile(file)
          e.target.value = '' // the same file chosen again is uploaded again
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border-2 border-tiger-200 bg-white px-4 text-sm font-bold whitespace-nowrap text-ink transition hover:border-tiger-400 hover:bg-tiger-50 peer-focus-visible:ring-4 peer-focus-visible:ring-tiger-200 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {label}
      </label>
    </span>
  )
}

/** Uploads a file to the storybooks' media and sets the field to its URL; a refusal is the field's message. */
function useMediaField(name: `pages.${number}.picture` | `pages.${number}.narration`, after?: () => void) {
  const form = useFormContext<StoryValues>()
  const upload = useUploadMedia()
  const choose = (file: File) => {
    form.clearErrors(name)
    upload.mutate(file, {
      onSuccess: (media) => {
        form.setValue(name, media.url, { shouldDirty: true })
        after?.()
      },
      onError: (error) => form.setError(name, { type: 'server', message: messageOf(error) }),
    })
  }
  return { choose, uploading: upload.isPending }
}

/** The page's picture: uploaded, or one of the characters' drawings. */
export function PictureField({ index }: { index: number }) {
  const form = useFormContext<StoryValues>()
  const name = `pages.${index}.picture` as const
  const picture = useWatch({ control: form.control, name })
  const { errors } = useFormState({ control: form.control, name })
  const error = errors.pages?.[index]?.picture?.message
  const media = useMediaField(name)
  const hintId = useId()
  const errorId = useId()
  const set = (src: string) => form.setValue(name, src, { shouldDirty: true })
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-bold">Picture</legend>
      <div className="flex flex-wrap items-start gap-4">
        {picture ? (
          <img src={picture} alt="The page's picture" width={160} height={120} className="aspect-[4/3] w-40 rounded-xl border-2 border-line bg-sun-100 object-contain" />
        ) : (
          <span className="flex aspect-[4/3] w-40 flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-tiger-200 bg-cream text-sm text-muted">
            <ImageUp className="size-6" aria-hidden="true" /> No picture
          </span>
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap gap-2">
            <FileButton label={picture ? 'Upload another' : 'Upload a picture'} accept={pictureTypes} disabled={media.uploading} onFile={media.choose} describedBy={[hintId, error && errorId].filter(Boolean).join(' ')} invalid={!!error} />
            {picture && (
              <Button type="button" variant="ghost" size="sm" onClick={() => set('')}>
                <X aria-hidden="true" /> Remove
              </Button>
            )}
          </div>
          <p id={hintId} className="text-sm text-muted">
            JPEG, PNG or WebP, up to 5 MB; 4:3 fits best. Or one of the friends:
          </p>
          <div className="flex flex-wrap gap-2" role="group" aria-label="The friends' drawings">
            {characters.map((c) => (
              <button
                key={c.src}
                type="button"
                aria-pressed={picture === c.src}
                onClick={() => set(c.src)}
                className={cn(
                  'flex cursor-pointer flex-col items-center rounded-xl border-2 border-line bg-white p-1 text-xs font-bold transition hover:border-tiger-400',
                  picture === c.src && 'border-tiger-700 bg-tiger-50',
                )}
              >
                <img src={c.src} alt="" width={48} height={48} className="size-12 object-contain" />
                {c.name}
              </button>
            ))}
          </div>
          {media.uploading && (
            <p role="status" className="text-sm font-bold text-tiger-800">
              Uploading the picture...
            </p>
          )}
          <FieldError id={errorId} message={error} />
        </div>
      </div>
      {picture && (
        <InputField control={form.control} name={`pages.${index}.alt`} label="Describe the picture" autoComplete="off" maxLength={limits.alt} placeholder="Siso and Nainni wave from a red balloon.">
          <p className="text-sm text-muted">Read out to a child who cannot see the picture. Leave it empty when the page's words already tell what it shows.</p>
        </InputField>
      )}
    </fieldset>
  )
}

/** The page's narration: an uploaded recording, played here; a new one drops the timings of the old. */
export function NarrationField({ index }: { index: number }) {
  const form = useFormContext<StoryValues>()
  const name = `pages.${index}.narration` as const
  const narration = useWatch({ control: form.control, name })
  const { errors } = useFormState({ control: form.control, name })
  const error = errors.pages?.[index]?.narration?.message
  const dropTimings = () => form.setValue(`pages.${index}.timings`, [], { shouldDirty: true })
  const media = useMediaField(name, dropTimings)
  const hintId = useId()
  const errorId = useId()
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-bold">Narration</legend>
      {narration ? (
        <audio src={narration} controls preload="none" className="w-full" aria-label="The page's narration" />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Music className="size-4" aria-hidden="true" /> No narration: the reader's device reads the page aloud.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <FileButton label={narration ? 'Upload another recording' : 'Upload narration'} accept={narrationTypes} disabled={media.uploading} onFile={media.choose} describedBy={[hintId, error && errorId].filter(Boolean).join(' ')} invalid={!!error} />
        {narration && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              form.setValue(name, '', { shouldDirty: true })
              dropTimings()
            }}
          >
            <X aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
      <p id={hintId} className="text-sm text-muted">
        MP3, M4A or Ogg, up to 10 MB.
      </p>
      {media.uploading && (
        <p role="status" className="text-sm font-bold text-tiger-800">
          Uploading the narration...
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
