import { Laptop, RefreshCw, Smartphone, Tablet } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { useDevices } from '../api/get-devices'
import type { Device } from '../types'
import { Section } from './section'

const icons = { Mobile: Smartphone, Tablet: Tablet, Desktop: Laptop } as const

function lastLogin(d: Device) {
  return new Date(d.login_timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

function deviceName(d: Device) {
  const os = [d.operating_system, d.os_version].filter((p) => p && p !== 'Unknown').join(' ')
  return { title: `${d.device_type} · ${d.device_model}`, os }
}

/** My Devices (spec 02 §2): Device, Browser, Last Login, with Refresh and a sign-out of every other device. */
export function DevicesCard({ onSignOutOthers }: { onSignOutOthers: () => Promise<void> }) {
  const devices = useDevices()

  async function signOutOthers() {
    try {
      await onSignOutOthers()
      toast.success('Signed out of all other devices')
    } catch (err) {
      toast.error('Sign out failed', { description: err instanceof Error ? err.message : String(err) })
    }
  }

  return (
    <Section
      icon={Laptop}
      tone="sky"
      // The whole width on a desktop: three columns need more than half of it.
      className="lg:col-span-2"
      title="My Devices"
      description="Where your account has been signed in."
      action={
        <Button size="sm" variant="outline" onClick={() => void devices.refetch()} disabled={devices.isFetching}>
          <RefreshCw className={devices.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      }
    >
      {devices.isError && <p className="text-red-700">Could not load your devices. Please try Refresh.</p>}
      {devices.data?.length === 0 && <p className="py-3 text-muted">No devices recorded yet.</p>}
      {/* On a phone each device is a card; a table there would hide Last Login off to the side. */}
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="Devices">
        {devices.data?.map((d) => {
          const Icon = icons[d.device_type as keyof typeof icons] ?? Laptop
          const name = deviceName(d)
          return (
            <li key={d.id} className="rounded-xl bg-cream px-4 py-3 text-sm">
              <p className="flex items-center gap-2">
                <Icon className="size-5 shrink-0 text-sky-700" aria-hidden="true" />
                <span className="font-bold">{name.title}</span>
              </p>
              {name.os && <p className="mt-1 text-muted">{name.os}</p>}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-bold text-muted">Browser</dt>
                <dd className="min-w-0 break-words">{d.browser_info}</dd>
                <dt className="font-bold text-muted">Last Login</dt>
                <dd>{lastLogin(d)}</dd>
              </dl>
            </li>
          )
        })}
      </ul>
      {/* Wider, a table; if it is still wider than the card, its scroller takes the keyboard too. */}
      {devices.data && devices.data.length > 0 && (
        <div className="hidden overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-sky-700 sm:block" tabIndex={0} role="region" aria-label="Devices table">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b-2 border-line text-muted">
                <th scope="col" className="py-2 pr-3 font-bold">Device</th>
                <th scope="col" className="py-2 pr-3 font-bold">Browser</th>
                <th scope="col" className="whitespace-nowrap py-2 font-bold">Last Login</th>
              </tr>
            </thead>
            <tbody>
              {devices.data.map((d) => {
                const Icon = icons[d.device_type as keyof typeof icons] ?? Laptop
                const name = deviceName(d)
                return (
                  <tr key={d.id} className="border-b border-line last:border-0">
                    <td className="py-3 pr-3">
                      <span className="flex items-center gap-2">
                        <Icon className="size-5 shrink-0 text-sky-700" aria-hidden="true" />
                        <span>
                          <span className="block font-bold">{name.title}</span>
                          {name.os && <span className="block text-muted">{name.os}</span>}
                        </span>
                      </span>
                    </td>
                    <td className="py-3 pr-3">{d.browser_info}</td>
                    <td className="whitespace-nowrap py-3">{lastLogin(d)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Button className="mt-4" size="sm" variant="outline" onClick={() => void signOutOthers()}>
        Sign out of all other devices
      </Button>
    </Section>
  )
}
