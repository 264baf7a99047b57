import { Download, Images, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import type { ProcessedImage } from '../image-file'
import { addDifference, canAddDifference, canAddPair, canSavePair, isBlank, removeAt } from '../logic/config-rules'
import { MAX_DIFFERENCES, MAX_DIFFERENCE_PAIRS, MAX_NAME_LENGTH, aspectRatiosDiffer, newId } from '../logic/rules'
import type { DifferencePair, Point } from '../logic/types'
import type { ListStore } from './config-store'
import { ImagePicker } from './image-picker'
import { MarkerLayer } from './marker-layer'
import { StorageBanner } from './storage-banner'

/**
 * Spec 02 §2 "Find Differences admin panel" (also the player-side screen):
 * the pairs with their difference counts, an add form, and both pictures
 * where a click marks a difference at the same place on each.
 */
export function DifferencePairsEditor({ store, exportable = false }: { store: ListStore<DifferencePair>; exportable?: boolean }) {
  const pairs = store.items
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [storageFull, setStorageFull] = useState(false)
  const selected = pairs.find((p) => p.id === selectedId) ?? null

  /** Keeps a new list; a refusal shows the storage messages and the yellow banner. */
  const keep = async (next: DifferencePair[], limitMessage: { title: string; description?: string }) => {
    try {
      await store.save(next)
      setStorageFull(false)
      return true
    } catch (err) {
      setStorageFull(true)
      toast.error(limitMessage.title, { description: limitMessage.description ?? (err instanceof Error ? err.message : undefined) })
      return false
    }
  }
  const noRoomForDifferences = { title: 'Storage Limit Reached', description: 'Cannot add more differences. Please delete some image pairs or differences first' }

  const addAt = async (point: Point) => {
    if (!selected) return
    const next = addDifference(selected, point)
    if (!next) {
      toast.error('Maximum differences reached', { description: `You can only mark up to ${MAX_DIFFERENCES} differences per image pair.` })
      return
    }
    await keep(
      pairs.map((p) => (p.id === next.id ? next : p)),
      noRoomForDifferences,
    )
  }
  const removeDifference = async (index: number) => {
    if (!selected) return
    const next = { ...selected, differences: removeAt(selected.differences, index) }
    if (await keep(pairs.map((p) => (p.id === next.id ? next : p)), { title: 'Error' })) toast.success('Difference point removed successfully')
  }
  const removePair = async (id: string) => {
    if (await keep(pairs.filter((p) => p.id !== id), { title: 'Error' }) && selectedId === id) setSelectedId(null)
  }
  const exportConfig = () => {
    console.log('Difference pairs configuration:\n' + JSON.stringify(pairs, null, 2))
    toast.success('Configuration Exported', { description: 'The configuration was written to the browser console.' })
  }

  return (
    <div className="space-y-5">
      <StorageBanner show={storageFull} />
      <div className="grid gap-6 lg:grid-cols-[340px_1fr]">
        <section className="space-y-5" aria-label="Image pairs">
          <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-xl font-bold">Image pairs</h2>
              <span className="text-sm font-bold text-muted">
                {pairs.length} / {MAX_DIFFERENCE_PAIRS}
              </span>
            </div>
            {pairs.length === 0 ? (
              <p className="mt-3 text-muted">No image pairs yet. Add one below.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {pairs.map((p) => (
                  <li key={p.id} className={cn('flex items-center gap-2 rounded-2xl p-2 ring-1', p.id === selectedId ? 'bg-leaf-100 ring-leaf-500' : 'ring-line')}>
                    <button type="button" className="flex-1 cursor-pointer text-left" aria-pressed={p.id === selectedId} onClick={() => setSelectedId(p.id)}>
                      <span className="block font-bold">{p.name}</span>
                      <span className="text-sm text-muted">
                        {p.differences.length} / {MAX_DIFFERENCES} differences
                      </span>
                    </button>
                    <Button size="icon" variant="ghost" aria-label={`Delete ${p.name}`} onClick={() => void removePair(p.id)}>
                      <Trash2 className="size-4 text-berry-500" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <AddPairForm pairs={pairs} strict={exportable} onAdd={(pair) => keep([...pairs, pair], { title: 'Image too large' })} onAdded={setSelectedId} />
          {exportable && (
            <Button variant="outline" className="w-full" onClick={exportConfig}>
              <Download aria-hidden="true" /> Export Config
            </Button>
          )}
        </section>

        <section aria-label="Mark differences" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
          {selected ? (
            <div className="space-y-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-xl font-bold">{selected.name}</h2>
                <p className="text-sm font-semibold text-muted">Click either picture to mark a difference.</p>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {[selected.image1Url, selected.image2Url].map((src, i) => (
                  <MarkerLayer
                    key={i}
                    src={src}
                    alt={`${selected.name}, picture ${i + 1}`}
                    markers={selected.differences.map((d, n) => ({ ...d, label: `Difference ${n + 1}` }))}
                    onAdd={(p) => void addAt(p)}
                    onDelete={(n) => void removeDifference(n)}
                  />
                ))}
              </div>
              {!canAddDifference(selected) && <Alert tone="info">All {MAX_DIFFERENCES} differences are marked.</Alert>}
              <h3 className="font-bold">Differences</h3>
              {selected.differences.length === 0 ? (
                <p className="text-muted">No differences marked yet.</p>
              ) : (
                <ol className="divide-y divide-line rounded-2xl ring-1 ring-line" aria-label="Differences">
                  {selected.differences.map((d, n) => (
                    <li key={n} className="flex items-center gap-4 px-4 py-2">
                      <span className="font-bold">#{n + 1}</span>
                      <span className="tabular-nums">x: {d.x.toFixed(1)}%</span>
                      <span className="tabular-nums">y: {d.y.toFixed(1)}%</span>
                      <Button size="sm" variant="ghost" className="ml-auto" aria-label={`Delete difference ${n + 1}`} onClick={() => void removeDifference(n)}>
                        <Trash2 className="size-4 text-berry-500" /> Delete
                      </Button>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ) : (
            <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 text-center text-muted">
              <Images className="size-10 text-tiger-300" aria-hidden="true" />
              <p className="text-lg font-semibold">Select an image pair to mark its differences.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}

function AddPairForm({
  pairs,
  strict,
  onAdd,
  onAdded,
}: {
  pairs: DifferencePair[]
  /** The admin panel disables the button instead of explaining (spec 02 §2). */
  strict: boolean
  onAdd: (pair: DifferencePair) => Promise<boolean>
  onAdded: (id: string) => void
}) {
  const [name, setName] = useState('')
  const [image1, setImage1] = useState<ProcessedImage | null>(null)
  const [image2, setImage2] = useState<ProcessedImage | null>(null)
  const [saving, setSaving] = useState(false)
  const ready = canSavePair({ name, image1, image2, pairs })
  const aspectWarning = image1 && image2 && aspectRatiosDiffer(image1, image2)

  const submit = async () => {
    if (!canAddPair(pairs)) {
      toast.error('Storage limit reached', { description: 'Please delete an image pair before adding another.' })
      return
    }
    if (isBlank(name) || !image1 || !image2) {
      toast.error('Please enter a name and upload both images')
      return
    }
    setSaving(true)
    const pair: DifferencePair = { id: newId('pair_'), name: name.trim(), image1Url: image1.dataUrl, image2Url: image2.dataUrl, differences: [] }
    const ok = await onAdd(pair)
    setSaving(false)
    if (ok) {
      setName('')
      setImage1(null)
      setImage2(null)
      onAdded(pair.id)
    }
  }

  return (
    <form
      className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line"
      aria-label="Add an image pair"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h2 className="text-xl font-bold">Add an image pair</h2>
      <div className="space-y-2">
        <Label htmlFor="pair-name">Pair name</Label>
        <Input id="pair-name" value={name} maxLength={MAX_NAME_LENGTH} onChange={(e) => setName(e.target.value)} placeholder="e.g. Seaside" />
      </div>
      <ImagePicker label="First image" value={image1} onChange={setImage1} />
      <ImagePicker label="Second image" value={image2} onChange={setImage2} />
      {aspectWarning && <Alert tone="warning">Images have different aspect ratios which may affect gameplay</Alert>}
      <Button type="submit" className="w-full" disabled={saving || (strict && !ready)}>
        Save New Image Pair
      </Button>
    </form>
  )
}
