import { Laptop, RefreshCw, Smartphone, Tablet } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { useDevices } from '../api/get-devices'
import type { Device } from '../types'
import { Section } from './section'

const icons = { Mobile: Smartphone, Tablet: Tablet, Desktop: Laptop } as const

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
      title="My Devices"
      description="Where your account has been signed in."
      action={
        <Button size="sm" variant="outline" onClick={() => void devices.refetch()} disabled={devices.isFetching}>
          <RefreshCw className={devices.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      }
    >
      {devices.isError && <p className="text-red-600">Could not load your devices. Please try Refresh.</p>}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <thead>
            <tr className="border-b-2 border-line text-muted">
              <th scope="col" className="py-2 pr-3 font-bold">Device</th>
              <th scope="col" className="py-2 pr-3 font-bold">Browser</th>
              <th scope="col" className="py-2 font-bold">Last Login</th>
            </tr>
          </thead>
          <tbody>
            {devices.data?.length === 0 && (
              <tr>
                <td colSpan={3} className="py-3 text-muted">No devices recorded yet.</td>
              </tr>
            )}
            {devices.data?.map((d) => {
              const Icon = icons[d.device_type as keyof typeof icons] ?? Laptop
              const name = deviceName(d)
              return (
                <tr key={d.id} className="border-b border-line last:border-0">
                  <td className="py-3 pr-3">
                    <span className="flex items-center gap-2">
                      <Icon className="size-5 text-sky-500" aria-hidden="true" />
                      <span>
                        <span className="block font-bold">{name.title}</span>
                        {name.os && <span className="block text-muted">{name.os}</span>}
                      </span>
                    </span>
                  </td>
                  <td className="py-3 pr-3">{d.browser_info}</td>
                  <td className="py-3">{new Date(d.login_timestamp).toLocaleString()}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <Button className="mt-4" size="sm" variant="outline" onClick={() => void signOutOthers()}>
        Sign out of all other devices
      </Button>
    </Section>
  )
}
