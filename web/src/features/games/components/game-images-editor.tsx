import { ImageIcon, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import type { ProcessedImage } from '../image-file'
import { addObject, canAddGameImage, isBlank, removeAt } from '../logic/config-rules'
import { MAX_GAME_IMAGES, MAX_NAME_LENGTH, newId } from '../logic/rules'
import type { GameImage, Point } from '../logic/types'
import type { ListStore } from './config-store'
import { ImagePicker } from './image-picker'
import { MarkerLayer } from './marker-layer'
import { StorageBanner } from './storage-banner'

/** Spec 02 §2 and §5 "Game image configuration": pictures for the hidden-objects game, objects marked by clicking. */
export function GameImagesEditor({ store }: { store: ListStore<GameImage> }) {
  const images = store.items
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [objectName, setObjectName] = useState('')
  const [storageFull, setStorageFull] = useState(false)
  const selected = images.find((i) => i.id === selectedId) ?? null

  const keep = async (next: GameImage[], title: string, description?: string) => {
    try {
      await store.save(next)
      setStorageFull(false)
      return true
    } catch (err) {
      setStorageFull(true)
      toast.error(title, { description: description ?? (err instanceof Error ? err.message : undefined) })
      return false
    }
  }
  const replace = (img: GameImage) => images.map((i) => (i.id === img.id ? img : i))

  const addAt = async (point: Point) => {
    if (!selected) return
    const next = addObject(selected, objectName, point)
    if ('error' in next) {
      toast.error(next.error)
      return
    }
    if (await keep(replace(next), 'Storage Limit Reached', 'Cannot add more objects. Please delete an image or some objects first.')) setObjectName('')
  }
  const removeObject = (index: number) => selected && void keep(replace({ ...selected, objects: removeAt(selected.objects, index) }), 'Error')
  const removeImage = async (id: string) => {
    if (await keep(images.filter((i) => i.id !== id), 'Error') && selectedId === id) setSelectedId(null)
  }

  return (
    <div className="space-y-5">
      <StorageBanner show={storageFull} />
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
              <p className="mt-3 text-muted">No game images yet; the forest picture is played. Add one below.</p>
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
          <AddImageForm images={images} onAdd={(img) => keep([...images, img], 'Image too large')} onAdded={setSelectedId} />
        </section>

        <section aria-label="Mark objects" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
          {selected ? (
            <div className="space-y-4">
              <h2 className="text-xl font-bold">{selected.name}</h2>
              <div className="flex flex-wrap items-end gap-3">
                <div className="flex-1 space-y-2">
                  <Label htmlFor="object-name">Object name</Label>
                  <Input id="object-name" value={objectName} maxLength={MAX_NAME_LENGTH} onChange={(e) => setObjectName(e.target.value)} placeholder="e.g. bottle" />
                </div>
                <p className="pb-2 text-sm font-semibold text-muted">Then click the picture where the object is.</p>
              </div>
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

function AddImageForm({ images, onAdd, onAdded }: { images: GameImage[]; onAdd: (img: GameImage) => Promise<boolean>; onAdded: (id: string) => void }) {
  const [name, setName] = useState('')
  const [image, setImage] = useState<ProcessedImage | null>(null)
  const [saving, setSaving] = useState(false)
  const submit = async () => {
    if (!canAddGameImage(images)) {
      toast.error('Storage limit reached', { description: 'Please delete an image before adding another.' })
      return
    }
    if (isBlank(name) || !image) {
      toast.error('Please enter a name and choose an image')
      return
    }
    setSaving(true)
    const img: GameImage = { id: newId('img_'), name: name.trim(), imageUrl: image.dataUrl, objects: [] }
    const ok = await onAdd(img)
    setSaving(false)
    if (ok) {
      setName('')
      setImage(null)
      onAdded(img.id)
    }
  }
  return (
    <form
      className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line"
      aria-label="Add a game image"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h2 className="text-xl font-bold">Add a game image</h2>
      <div className="space-y-2">
        <Label htmlFor="image-name">Image name</Label>
        <Input id="image-name" value={name} maxLength={MAX_NAME_LENGTH} onChange={(e) => setName(e.target.value)} placeholder="e.g. Beach day" />
      </div>
      <ImagePicker label="Picture" value={image} onChange={setImage} />
      <Button type="submit" className="w-full" disabled={saving || isBlank(name) || !image}>
        Save Image
      </Button>
    </form>
  )
}
