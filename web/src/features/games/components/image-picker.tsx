import { ImagePlus, X } from 'lucide-react'
import { toast } from 'sonner'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormControl, FormField, FormItem, FormLabel, FormMessage, useFormField } from '@/components/ui/form'
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
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <ImagePicker label={label} value={field.value as ProcessedImage | null} onChange={field.onChange} />
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

function ImagePicker({ label, value, onChange }: { label: string; value: ProcessedImage | null; onChange: (img: ProcessedImage | null) => void }) {
  const { formItemId } = useFormField()
  const pick = async (file: File | undefined) => {
    if (!file) return
    try {
      onChange(await compressImage(file))
    } catch {
      toast.error('Error', { description: 'Failed to process the image. Please try again with a smaller image.' })
    }
  }
  return (
    <>
      {value ? (
        <div className="relative">
          <img src={value.dataUrl} alt={`${label} preview`} className="max-h-40 w-full rounded-2xl object-contain ring-1 ring-line" />
          <Button type="button" size="icon" variant="outline" className="absolute top-2 right-2 size-8" aria-label={`Clear ${label}`} onClick={() => onChange(null)}>
            <X className="size-4" />
          </Button>
        </div>
      ) : (
        <label
          htmlFor={formItemId}
          className="flex h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-tiger-200 bg-tiger-50 text-sm font-semibold text-muted hover:border-tiger-400"
        >
          <ImagePlus className="size-6 text-tiger-500" aria-hidden="true" /> Choose a picture
        </label>
      )}
      <FormControl>
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => {
            void pick(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </FormControl>
    </>
  )
}
