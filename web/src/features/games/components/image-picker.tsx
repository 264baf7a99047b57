import { ImagePlus, X } from 'lucide-react'
import { useId } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { compressImage, type ProcessedImage } from '../image-file'

/** A file picker (image/*) that resizes and compresses the picture, with a clearable preview. */
export function ImagePicker({ label, value, onChange }: { label: string; value: ProcessedImage | null; onChange: (img: ProcessedImage | null) => void }) {
  const id = useId()
  const pick = async (file: File | undefined) => {
    if (!file) return
    try {
      onChange(await compressImage(file))
    } catch {
      toast.error('Error', { description: 'Failed to process the image. Please try again with a smaller image.' })
    }
  }
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
      </label>
      {value ? (
        <div className="relative">
          <img src={value.dataUrl} alt={`${label} preview`} className="max-h-40 w-full rounded-2xl object-contain ring-1 ring-line" />
          <Button type="button" size="icon" variant="outline" className="absolute top-2 right-2 size-8" aria-label={`Clear ${label}`} onClick={() => onChange(null)}>
            <X className="size-4" />
          </Button>
        </div>
      ) : (
        <label htmlFor={id} className="flex h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-tiger-200 bg-tiger-50 text-sm font-semibold text-muted hover:border-tiger-400">
          <ImagePlus className="size-6 text-tiger-500" aria-hidden="true" /> Choose a picture
        </label>
      )}
      <input
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={(e) => {
          void pick(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </div>
  )
}
