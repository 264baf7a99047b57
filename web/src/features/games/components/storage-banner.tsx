import { RefreshCw, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Switch } from '@/components/ui/switch'
import { Label } from '@/components/ui/label'

/** Spec 02 §8: the yellow banner shown when saving the configuration failed. */
export function StorageBanner({ show }: { show: boolean }) {
  if (!show) return null
  return (
    <div role="alert" className="flex items-center gap-3 rounded-2xl border-2 border-sun-400 bg-sun-100 p-4 font-semibold text-tiger-900">
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      You&apos;ve reached the browser&apos;s local storage limit. Delete an image or a difference before adding more.
    </div>
  )
}

/**
 * Another admin saved the published configuration after this page read it:
 * the change was not saved. Says so (the server's message) and offers to read
 * theirs, after which the admin makes the change again.
 */
export function ConflictAlert({ message, onReload }: { message: string | null; onReload: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false)
  if (!message) return null
  const reload = async () => {
    setReloading(true)
    try {
      await onReload()
    } finally {
      setReloading(false)
    }
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-sun-400 bg-sun-100 p-4 font-semibold text-tiger-900">
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">Your last change was not saved. {message}</p>
      <Button type="button" variant="outline" size="sm" disabled={reloading} onClick={() => void reload()}>
        <RefreshCw aria-hidden="true" /> Reload
      </Button>
    </div>
  )
}

/** The admin's switch that takes the shop's own pictures (the forest, the picnic pair) out of both games, or puts them back. */
export function ShopPicturesSwitch({ hidden, onChange }: { hidden: boolean; onChange: (hide: boolean) => Promise<unknown> }) {
  const [saving, setSaving] = useState(false)
  const change = async (show: boolean) => {
    setSaving(true)
    try {
      await onChange(!show)
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className="flex items-center gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line">
      <Switch id="shop-pictures" checked={!hidden} disabled={saving} onCheckedChange={(show) => void change(show)} />
      <Label htmlFor="shop-pictures" className="cursor-pointer">
        Play the shop&apos;s own pictures (the forest and the picnic pair) beside these
      </Label>
    </div>
  )
}
