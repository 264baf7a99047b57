import { Badge } from '@/components/ui/badge'
import type { CustomerSummary } from '../types'

/** Unconfirmed and banned, when they apply. */
export function StatusBadges({ customer }: { customer: Pick<CustomerSummary, 'confirmed' | 'banned'> }) {
  return (
    <>
      {!customer.confirmed && <Badge className="bg-tiger-100 text-tiger-800">Unconfirmed</Badge>}
      {customer.banned && <Badge className="bg-red-100 text-red-800">Banned</Badge>}
    </>
  )
}
