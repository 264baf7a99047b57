import { idempotentPost } from '@/lib/idempotency'

export type Architecture = 'x86_64' | 'x86' | 'ARM64' | 'ARM' | 'Unknown'

type UAData = { getHighEntropyValues?: (hints: string[]) => Promise<{ architecture?: string; bitness?: string }> }

/** The platform architecture (spec 02 §3), from client hints where the browser has them, else the User-Agent. */
export async function platformArchitecture(): Promise<Architecture> {
  const uaData = (navigator as Navigator & { userAgentData?: UAData }).userAgentData
  try {
    const hints = await uaData?.getHighEntropyValues?.(['architecture', 'bitness'])
    if (hints?.architecture === 'x86') return hints.bitness === '64' ? 'x86_64' : 'x86'
    if (hints?.architecture === 'arm') return hints.bitness === '64' ? 'ARM64' : 'ARM'
  } catch {
    // Client hints refused: fall back to the User-Agent below.
  }
  const ua = navigator.userAgent
  if (/x86_64|x64|win64|amd64|wow64/i.test(ua)) return 'x86_64'
  if (/aarch64|arm64/i.test(ua)) return 'ARM64'
  if (/\barm/i.test(ua)) return 'ARM'
  if (/i[3-6]86|x86/i.test(ua)) return 'x86'
  return 'Unknown'
}

/**
 * Stores this device for the signed-in user (spec 01 §4): the server reads
 * the User-Agent; the browser adds what only it knows.
 */
export async function trackDevice(): Promise<void> {
  await postDevice({ screen_resolution: `${window.screen.width}x${window.screen.height}`, platform_architecture: await platformArchitecture() })
}

const postDevice = idempotentPost<unknown>('/api/devices')
