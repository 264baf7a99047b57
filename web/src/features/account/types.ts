/** The shapes of the account area's API (internal/account, /api/profile, /api/orders). */
export type Kid = { id: string; name: string; date_of_birth: string; updated_at: string }
export type KidInput = { name: string; date_of_birth: string }

export type Device = {
  id: string
  device_type: string
  device_model: string
  operating_system: string
  os_version: string
  browser_info: string
  login_timestamp: string
}

export type Communications = { subscribed: boolean; updated_at: string | null }

export type AccountProfile = {
  id: string
  first_name: string
  last_name: string
  country: string
  language: string
  email: string
  date_of_birth: string | null
}
export type ProfilePatch = Partial<Pick<AccountProfile, 'first_name' | 'last_name' | 'country' | 'language' | 'date_of_birth'>>

export type OrderLine = { bookId: number; title: string; quantity: number; unitPriceCents: number; lineTotalCents: number }
export type Order = {
  number: string
  status: string
  items: OrderLine[]
  subtotalCents: number
  taxCents: number
  shippingCents: number
  totalCents: number
  shippingInfo: { fullName?: string; address?: string; city?: string; state?: string; zipCode?: string; country?: string }
  createdAt: string
}
