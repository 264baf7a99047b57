import type { BookFormat } from '@/lib/formats'

/** A cart line as the checkout needs it (a book in a format); the page passes the cart's items in. */
export type CheckoutItem = { id: number; format: BookFormat; title: string; price: number; priceCents: number; coverImage: string; quantity: number; releaseDate?: string }
