import { ImagePlus, X } from 'lucide-react'
import { toast } from 'sonner'
import { useFormContext, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { LabelledField, useFormField } from '@/components/ui/form'
import { compressImage, type ProcessedImage } from '../image-file'

/**
 * A form field that picks a picture (image/*), resizes and compresses it, and
 * shows a clearable preview; its value is the ProcessedImage or null.
 */
export function ImageField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
}: {
  control: Control<TValues>
  name: TName
  label: string
}) {
  return (
    <LabelledField
      control={control}
      name={name}
      label={label}
      renderControl={(field) => (
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => {
            void pick(e.target.files?.[0], field.onChange)
            e.target.value = ''
          }}
        />
      )}
    >
      <Preview label={label} />
    </LabelledField>
  )
}

async function pick(file: File | undefined, onChange: (img: ProcessedImage) => void) {
  if (!file) return
  try {
    onChange(await compressImage(file))
  } catch {
    toast.error('Error', { description: 'Failed to process the image. Please try again with a smaller image.' })
  }
}

/** The chosen picture with a button that clears it, or the place to click for one. */
function Preview({ label }: { label: string }) {
  const { name, formItemId } = useFormField()
  const { setValue } = useFormContext()
  const value = useWatch({ name }) as ProcessedImage | null
  if (!value)
    return (
      <label
        htmlFor={formItemId}
        className="flex h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-tiger-200 bg-tiger-50 text-sm font-semibold text-muted hover:border-tiger-400"
      >
        <ImagePlus className="size-6 text-tiger-500" aria-hidden="true" /> Choose a picture
      </label>
    )
  return (
    <div className="relative">
      <img src={value.dataUrl} alt={`${label} preview`} className="max-h-40 w-full rounded-2xl object-contain ring-1 ring-line" />
      <Button
        type="button"
        size="icon"
        variant="outline"
        className="absolute top-2 right-2 size-8"
        aria-label={`Clear ${label}`}
        onClick={() => setValue(name, null, { shouldValidate: false, shouldDirty: true })}
      >
        <X className="size-4" />
      </Button>
    </div>
  )
}
