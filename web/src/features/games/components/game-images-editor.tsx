import { zodResolver } from '@hookform/resolvers/zod'
import { ImageIcon, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { cn } from '@/lib/cn'
import { z } from '@/lib/zod'
import type { ProcessedImage } from '../image-file'
import { OBJECT_NAME_REQUIRED, addObject, canAddGameImage, removeAt } from '../logic/config-rules'
import { MAX_GAME_IMAGES, MAX_NAME_LENGTH, newId } from '../logic/rules'
import type { GameImage, Point } from '../logic/types'
import { onFieldOf, useKeeper, type ListStore } from './config-store'
import { ImageField } from './image-picker'
import { MarkerLayer } from './marker-layer'
import { ConflictAlert, ShopPicturesSwitch, StorageBanner } from './storage-banner'

type Store = ListStore<GameImage> & { hideShopPictures?: boolean; setHideShopPictures?: (hide: boolean) => Promise<void> }

const objectSchema = z.object({ objectName: z.string().trim().min(1, OBJECT_NAME_REQUIRED).max(MAX_NAME_LENGTH) })
type ObjectValues = z.infer<typeof objectSchema>

/** Spec 02 §2 and §5 "Game image configuration": pictures for the hidden-objects game, objects marked by clicking. */
export function GameImagesEditor({ store }: { store: Store }) {
  const images = store.items
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const { keep, attempt, storageFull, conflict, reload } = useKeeper(store)
  const objectForm = useForm<ObjectValues>({ resolver: zodResolver(objectSchema), defaultValues: { objectName: '' } })
  const selected = images.find((i) => i.id === selectedId) ?? null
  const replace = (img: GameImage) => images.map((i) => (i.id === img.id ? img : i))

  // A click on the picture adds the named object there; the name is cleared at
  // once, so a second click asks for the next object's name instead of adding a
  // duplicate (it comes back if the object could not be kept).
  const addAt = (point: Point) =>
    objectForm.handleSubmit(async ({ objectName }) => {
      if (!selected) return
      const next = addObject(selected, objectName, point)
      if ('error' in next) return
      objectForm.reset({ objectName: '' })
      const kept = await keep(
        replace(next),
        { title: 'Storage Limit Reached', description: 'Cannot add more objects. Please delete an image or some objects first.' },
        onFieldOf(objectForm.setError, 'objectName', 'gameImages'),
      )
      if (!kept && objectForm.getValues('objectName') === '') objectForm.setValue('objectName', objectName)
    })()
  const removeObject = (index: number) => selected && void keep(replace({ ...selected, objects: removeAt(selected.objects, index) }), { title: 'Error' })
  const removeImage = async (id: string) => {
    if ((await keep(images.filter((i) => i.id !== id), { title: 'Error' })) && selectedId === id) setSelectedId(null)
  }

  return (
    <div className="space-y-5">
      <StorageBanner show={storageFull} />
      <ConflictAlert message={conflict} onReload={reload} />
      {store.setHideShopPictures && (
        <ShopPicturesSwitch hidden={store.hideShopPictures ?? false} onChange={(hide) => attempt(() => store.setHideShopPictures!(hide), { title: 'Error' })} />
      )}
      <div className="grid gap-6 lg:grid-cols-[340px_1fr]">
        <section className="space-y-5" aria-label="Game images">
          <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-xl font-bold">Game images</h2>
              <span className="text-sm font-bold text-muted">
                {images.length} / {MAX_GAME_IMAGES}
              </span>
            </div>
            {images.length === 0 ? (
              <p className="mt-3 text-muted">No game images yet. Add one below.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {images.map((img) => (
                  <li key={img.id} className={cn('flex items-center gap-2 rounded-2xl p-2 ring-1', img.id === selectedId ? 'bg-leaf-100 ring-leaf-500' : 'ring-line')}>
                    <button type="button" className="flex-1 cursor-pointer text-left" aria-pressed={img.id === selectedId} onClick={() => setSelectedId(img.id)}>
                      <span className="block font-bold">{img.name}</span>
                      <span className="text-sm text-muted">{img.objects.length} objects</span>
                    </button>
                    <Button size="icon" variant="ghost" aria-label={`Delete ${img.name}`} onClick={() => void removeImage(img.id)}>
                      <Trash2 className="size-4 text-berry-500" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <AddImageForm images={images} keep={keep} onAdded={setSelectedId} />
        </section>

        <section aria-label="Mark objects" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
          {selected ? (
            <div className="space-y-4">
              <h2 className="text-xl font-bold">{selected.name}</h2>
              <Form {...objectForm}>
                <form className="flex flex-wrap items-end gap-3" aria-label="Object to mark" noValidate onSubmit={(e) => e.preventDefault()}>
                  <InputField control={objectForm.control} name="objectName" label="Object name" className="min-w-48 flex-1" maxLength={MAX_NAME_LENGTH} placeholder="e.g. bottle" />
                  <p className="pb-2 text-sm font-semibold text-muted">Then click the picture where the object is.</p>
                </form>
              </Form>
              <MarkerLayer
                src={selected.imageUrl}
                alt={selected.name}
                markers={selected.objects.map((o) => ({ ...o, label: o.name }))}
                onAdd={(p) => void addAt(p)}
                onDelete={removeObject}
              />
              {selected.objects.length > 0 && (
                <ol className="divide-y divide-line rounded-2xl ring-1 ring-line" aria-label="Objects">
                  {selected.objects.map((o, n) => (
                    <li key={n} className="flex items-center gap-4 px-4 py-2">
                      <span className="font-bold">{o.name}</span>
                      <span className="tabular-nums">x: {o.x.toFixed(1)}%</span>
                      <span className="tabular-nums">y: {o.y.toFixed(1)}%</span>
                      <Button size="sm" variant="ghost" className="ml-auto" aria-label={`Delete ${o.name}`} onClick={() => removeObject(n)}>
                        <Trash2 className="size-4 text-berry-500" /> Delete
                      </Button>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ) : (
            <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 text-center text-muted">
              <ImageIcon className="size-10 text-tiger-300" aria-hidden="true" />
              <p className="text-lg font-semibold">Select a game image to mark its hidden objects.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}

const imageSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(MAX_NAME_LENGTH),
  image: z.custom<ProcessedImage | null>().refine((v) => v !== null, 'Please choose a picture'),
})
type ImageValues = z.input<typeof imageSchema>

function AddImageForm({ images, keep, onAdded }: { images: GameImage[]; keep: ReturnType<typeof useKeeper<GameImage>>['keep']; onAdded: (id: string) => void }) {
  const form = useForm<ImageValues>({ resolver: zodResolver(imageSchema), defaultValues: { name: '', image: null } })
  const add = async (values: ImageValues) => {
    if (!canAddGameImage(images)) {
      toast.error('Storage limit reached', { description: 'Please delete an image before adding another.' })
      return
    }
    if (!values.image) return
    const img: GameImage = { id: newId('img_'), name: values.name.trim(), imageUrl: values.image.dataUrl, objects: [] }
    if (await keep([...images, img], { title: 'Image too large' }, onFieldOf(form.setError, 'name', 'gameImages'))) {
      form.reset()
      onAdded(img.id)
    }
  }
  return (
    <Form {...form}>
      <form className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line" aria-label="Add a game image" noValidate onSubmit={(e) => void form.handleSubmit(add)(e)}>
        <h2 className="text-xl font-bold">Add a game image</h2>
        <InputField control={form.control} name="name" label="Image name" maxLength={MAX_NAME_LENGTH} placeholder="e.g. Beach day" />
        <ImageField control={form.control} name="image" label="Picture" />
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          Save Image
        </Button>
      </form>
    </Form>
  )
}
