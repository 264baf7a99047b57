import { zodResolver } from '@hookform/resolvers/zod'
import { Download, Images, Trash2, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { cn } from '@/lib/cn'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { PAIRS_FILE_NAME, download, pairsFile, parsePairsFile, withPictures } from '../config-file'
import type { ProcessedImage } from '../image-file'
import { addDifference, canAddDifference, canAddPair, canSavePair, removeAt } from '../logic/config-rules'
import { DIFFERENCE_HIT_FACTOR, MAX_DIFFERENCES, MAX_DIFFERENCE_PAIRS, MAX_NAME_LENGTH, aspectRatiosDiffer, newId } from '../logic/rules'
import type { DifferencePair, Point } from '../logic/types'
import { onFieldOf, useKeeper, type ListStore } from './config-store'
import { ImageField } from './image-picker'
import { MarkerLayer } from './marker-layer'
import { ConflictAlert, ShopPicturesSwitch, StorageBanner } from './storage-banner'

type Store = ListStore<DifferencePair> & { hideShopPictures?: boolean; setHideShopPictures?: (hide: boolean) => Promise<void> }

/**
 * Spec 02 §2 "Find Differences admin panel" (also the player-side screen):
 * the pairs with their difference counts, an add form, and both pictures
 * where a click marks a difference at the same place on each.
 */
export function DifferencePairsEditor({ store, exportable = false }: { store: Store; exportable?: boolean }) {
  const pairs = store.items
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const { keep, attempt, storageFull, conflict, reload } = useKeeper(store)
  const selected = pairs.find((p) => p.id === selectedId) ?? null
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
    if ((await keep(pairs.filter((p) => p.id !== id), { title: 'Error' })) && selectedId === id) setSelectedId(null)
  }

  return (
    <div className="space-y-5">
      <StorageBanner show={storageFull} />
      <ConflictAlert message={conflict} onReload={reload} />
      {store.setHideShopPictures && (
        <ShopPicturesSwitch hidden={store.hideShopPictures ?? false} onChange={(hide) => attempt(() => store.setHideShopPictures!(hide), { title: 'Error' })} />
      )}
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
          <AddPairForm pairs={pairs} strict={exportable} keep={keep} onAdded={setSelectedId} />
          {exportable && <ExportImport pairs={pairs} onImport={(next) => keep(next, { title: 'Image too large' })} />}
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
                    // Drawn as the game hits it: half the stored radius (spec 02 §9).
                    markers={selected.differences.map((d, n) => ({ ...d, radius: d.radius * DIFFERENCE_HIT_FACTOR, label: `Difference ${n + 1}` }))}
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

const NAME_AND_BOTH_IMAGES = 'Please enter a name and upload both images'

const pairSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(MAX_NAME_LENGTH),
  image1: z.custom<ProcessedImage | null>().refine((v) => v !== null, 'Please upload the first image'),
  image2: z.custom<ProcessedImage | null>().refine((v) => v !== null, 'Please upload the second image'),
})
type PairValues = z.input<typeof pairSchema>

function AddPairForm({
  pairs,
  strict,
  keep,
  onAdded,
}: {
  pairs: DifferencePair[]
  /** The admin panel disables the button instead of explaining (spec 02 §2). */
  strict: boolean
  keep: ReturnType<typeof useKeeper<DifferencePair>>['keep']
  onAdded: (id: string) => void
}) {
  const form = useForm<PairValues>({ resolver: zodResolver(pairSchema), defaultValues: { name: '', image1: null, image2: null } })
  const [name, image1, image2] = useWatch({ control: form.control, name: ['name', 'image1', 'image2'] })
  const ready = canSavePair({ name, image1, image2, pairs })
  const aspectWarning = image1 && image2 && aspectRatiosDiffer(image1, image2)

  const add = async (values: PairValues) => {
    if (!canAddPair(pairs)) {
      toast.error('Storage limit reached', { description: 'Please delete an image pair before adding another.' })
      return
    }
    if (!values.image1 || !values.image2) return
    const pair: DifferencePair = { id: newId('pair_'), name: values.name.trim(), image1Url: values.image1.dataUrl, image2Url: values.image2.dataUrl, differences: [] }
    if (await keep([...pairs, pair], { title: 'Image too large' }, onFieldOf(form.setError, 'name', 'differencePairs'))) {
      form.reset()
      onAdded(pair.id)
    }
  }

  return (
    <Form {...form}>
      <form
        className="space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line"
        aria-label="Add an image pair"
        noValidate
        onSubmit={(e) => void form.handleSubmit(add, () => toast.error(NAME_AND_BOTH_IMAGES))(e)}
      >
        <h2 className="text-xl font-bold">Add an image pair</h2>
        <InputField control={form.control} name="name" label="Pair name" maxLength={MAX_NAME_LENGTH} placeholder="e.g. Seaside" />
        <ImageField control={form.control} name="image1" label="First image" />
        <ImageField control={form.control} name="image2" label="Second image" />
        {aspectWarning && <Alert tone="warning">Images have different aspect ratios which may affect gameplay</Alert>}
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting || (strict && !ready)}>
          Save New Image Pair
        </Button>
      </form>
    </Form>
  )
}

/**
 * Spec 02 §2 'Export Config': the pairs go to the browser console, as the
 * spec says, and to a file the same panel's Import Config reads back.
 */
function ExportImport({ pairs, onImport }: { pairs: DifferencePair[]; onImport: (pairs: DifferencePair[]) => Promise<boolean> }) {
  const input = useRef<HTMLInputElement>(null)
  const exportConfig = async () => {
    console.log('Difference pairs configuration:\n' + pairsFile(pairs))
    try {
      download(PAIRS_FILE_NAME, pairsFile(await withPictures(pairs)))
      toast.success('Configuration Exported', { description: `Written to the browser console and downloaded as ${PAIRS_FILE_NAME}.` })
    } catch (err) {
      toast.error('Export failed', { description: messageOf(err) })
    }
  }
  const importFile = async (file: File | undefined) => {
    if (!file) return
    const imported = parsePairsFile(await file.text())
    if (!imported) {
      toast.error('Import failed', { description: `${file.name} is not an exported configuration.` })
      return
    }
    if (await onImport(imported)) toast.success('Configuration Imported', { description: `${imported.length} image pairs from ${file.name} replace the list.` })
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
      <Button variant="outline" onClick={() => void exportConfig()}>
        <Download aria-hidden="true" /> Export Config
      </Button>
      <Button variant="outline" onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" /> Import Config
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="import-config"
        onChange={(e) => {
          void importFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </div>
  )
}
