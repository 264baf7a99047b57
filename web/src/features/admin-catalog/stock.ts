/** A book's stock as the back office shows it: "Not tracked", "Out of stock", "3 left". */
export function stockLabel(stock: number | null): string {
  if (stock === null) return 'Not tracked'
  if (stock <= 0) return 'Out of stock'
  return `${stock} left`
}

/** The most copies a tracked book may have left and be listed as low (internal/catalog: LowStock). */
export const LOW_STOCK = 5

export type StockTone = 'none' | 'out' | 'low' | 'ok'

export function stockTone(stock: number | null): StockTone {
  if (stock === null) return 'none'
  if (stock <= 0) return 'out'
  return stock <= LOW_STOCK ? 'low' : 'ok'
}
