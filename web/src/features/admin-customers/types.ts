/** One account found by the customer search (GET /api/admin/customers). */
export type CustomerSummary = {
  id: string
  email: string
  first_name: string
  last_name: string
  role: string
  confirmed: boolean
  banned: boolean
  created_at: string
  last_sign_in_at: string | null
}

export type CustomerFactor = { id: string; friendly_name?: string; factor_type: string; status: string; created_at: string }

export type CustomerSession = { id: string; device: string; ip: string; place: string; aal: string; created_at: string; last_used_at: string }

export type CustomerSignIn = { at: string; method: string; ok: boolean; device: string; ip: string; place: string }

/** An order as the customer's page lists it. */
export type CustomerOrder = { number: string; status: string; totalCents: number; createdAt: string }

/** A customer's page (GET /api/admin/customers/{id}): never the children's names or birth dates, only how many. */
export type CustomerDetail = CustomerSummary & {
  country: string
  language: string
  banned_until: string | null
  providers: string[]
  children_count: number
  orders: CustomerOrder[]
  factors: CustomerFactor[]
  sessions: CustomerSession[]
  sign_ins: CustomerSignIn[]
}

export function customerName(c: Pick<CustomerSummary, 'first_name' | 'last_name' | 'email'>): string {
  return `${c.first_name} ${c.last_name}`.trim() || c.email
}
