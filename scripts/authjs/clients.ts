// Stands in for auth-js's test/lib/clients.ts: the same exports, pointed at
// the shop started by scripts/authjs-official.sh instead of the Supabase
// CLI (whose keys are JWTs signed with its own signing keys). The shop's
// anon key is not checked; its service-role key is AUTH_SERVICE_ROLE_KEY.
import { GoTrueAdminApi, GoTrueClient, type GoTrueClientOptions } from '../../src/index'
import type { SupportedStorage } from '../../src/lib/types'

export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = process.env.GOTRUE_URL!
export const GOTRUE_JWT_SECRET = 'not-used-by-the-shop-0123456789abcdef'
export const SUPABASE_PUBLISHABLE_KEY = 'anon'
export const SUPABASE_SECRET_KEY = process.env.SERVICE_ROLE_KEY!

class MemoryStorage {
  private _storage: { [name: string]: string } = {}
  async setItem(name: string, value: string) {
    this._storage[name] = value
  }
  async getItem(name: string): Promise<string | null> {
    return this._storage[name] || null
  }
  async removeItem(name: string) {
    delete this._storage[name]
  }
}

const client = (opts: GoTrueClientOptions = {}) =>
  new GoTrueClient({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_PUBLISHABLE_KEY },
    autoRefreshToken: false,
    persistSession: true,
    storage: new MemoryStorage(),
    ...opts,
  })

export const authClient = client()
export const authClientWithSession = client()
export const authSubscriptionClient = client()
export const clientApiAutoConfirmEnabledClient = client()
export const pkceClient = client({ flowType: 'pkce' })
export const autoRefreshClient = client({ autoRefreshToken: true, storage: undefined })

const admin = () =>
  new GoTrueAdminApi({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${SUPABASE_SECRET_KEY}` },
  })
export const authAdminApiAutoConfirmEnabledClient = admin()
export const serviceRoleApiClient = admin()

export function getClientWithSpecificStorage(storage: SupportedStorage) {
  return client({ storageKey: 'test-specific-storage', storage })
}

export function getClientWithSpecificStorageKey(storageKey: string, opts: GoTrueClientOptions = {}) {
  return client({ storageKey, storage: undefined, ...opts })
}
