import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { bookSchema, changedFields, emptyBook, fieldsOf, formValuesOf, splitServerErrors, type BookFormValues } from './book-form'
import type { AdminBook } from './types'

const book: AdminBook = {
  id: 7,
  title: 'The Brave Little Owl',
  author: 'Ada Reader',
  description: 'An owl learns to fly at night.',
  priceCents: 1299,
  category: 'childrens',
  pages: 32,
  isbn: '978-1-915842-01-5',
  publicationDate: '2025-03-01',
  isNewRelease: true,
  preorders: false,
  coverImage: '/covers/book-1.svg',
  rating: 4.5,
  status: 'published',
  stock: null,
  ageBand: '4–6',
  slug: 'the-brave-little-owl',
  version: 3,
  updatedAt: '2026-01-02T03:04:05Z',
}

describe('the book form', () => {
  it('sends the pre-orders switch when it is turned on (issue 39)', () => {
    expect(changedFields(book, fieldsOf({ ...formValuesOf(book), preorders: true }))).toEqual({ preorders: true })
  })

  it('shows a book and sends it back unchanged', () => {
    const values = formValuesOf(book)
    expect(values.price).toBe('12.99')
    expect(values.trackStock).toBe(false)
    expect(changedFields(book, fieldsOf(values))).toEqual({})
  })

  it('sends only what changed, the price in cents and a tracked stock as a number', () => {
    const values: BookFormValues = { ...formValuesOf(book), price: '$14.50', trackStock: true, stock: '3', title: ' The Brave Owl ' }
    expect(changedFields(book, fieldsOf(values))).toEqual({ priceCents: 1450, stock: 3, title: 'The Brave Owl' })
  })

  it('sends an untracked stock as null', () => {
    const tracked = { ...book, stock: 4 }
    expect(changedFields(tracked, fieldsOf({ ...formValuesOf(tracked), trackStock: false }))).toEqual({ stock: null })
  })

  it('leaves a new book unrated, and sends an emptied rating as null (issue 38)', () => {
    expect(emptyBook.rating).toBe('')
    expect(fieldsOf({ ...emptyBook, price: '5' }).rating).toBeNull()
    expect(changedFields(book, fieldsOf({ ...formValuesOf(book), rating: ' ' }))).toEqual({ rating: null })
    const unrated = { ...book, rating: null }
    expect(formValuesOf(unrated).rating).toBe('')
    expect(changedFields(unrated, fieldsOf(formValuesOf(unrated)))).toEqual({})
    expect(bookSchema.safeParse({ ...formValuesOf(unrated) }).success).toBe(true)
    expect(bookSchema.safeParse({ ...formValuesOf(unrated), rating: '5.5' }).success).toBe(false)
  })

  it('checks the fields before sending', () => {
    const result = bookSchema.safeParse({ ...emptyBook, title: '  ', price: '12.999', pages: '0', trackStock: true, stock: '-1', slug: 'Not A Slug' })
    expect(result.success).toBe(false)
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(fields).toMatchObject({
      title: 'Enter the title.',
      price: 'Enter the price in dollars, from $0.01 to $1,000 (for example 12.99).',
      pages: 'Enter the number of pages: a whole number from 1 to 2000.',
      slug: 'Use lowercase letters a–z, digits and single hyphens between them.',
      category: 'Choose a category.',
      publicationDate: 'Enter the publication date.',
    })
  })

  it('asks for the copies on hand only when the stock is tracked', () => {
    const valid = { ...formValuesOf(book), trackStock: false, stock: '' }
    expect(bookSchema.safeParse(valid).success).toBe(true)
    const result = bookSchema.safeParse({ ...valid, trackStock: true })
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['stock'])
  })

  it('puts the server’s price message on the dollars field and keeps the rest aside', () => {
    const error = new ApiError(400, 'invalid', 'Please correct the highlighted fields.', { priceCents: 'Too much', isbn: 'Wrong check digit', version: 'Required' })
    const { onFields, others } = splitServerErrors(error)
    expect(onFields?.fields).toEqual({ price: 'Too much', isbn: 'Wrong check digit' })
    expect(others).toEqual(['version: Required'])
  })
})

describe('formats', () => {
  const epub = { id: 'f-1', kind: 'epub', name: 'owl.epub', size: 123_456 }
  const sold: AdminBook = {
    ...book,
    formats: [
      { format: 'print', priceCents: 1299, inStock: true, files: [] },
      { format: 'ebook', priceCents: 499, files: [epub] },
    ],
  }

  it('shows each digital format on or off with its price and files, and sends nothing when untouched', () => {
    const values = formValuesOf(sold)
    expect(values.formats.map((f) => [f.format, f.on, f.price, f.files.length])).toEqual([
      ['interactive', false, '', 0],
      ['ebook', true, '4.99', 1],
      ['audiobook', false, '', 0],
      ['printable', false, '', 0],
    ])
    expect(changedFields(sold, fieldsOf(values))).toEqual({})
  })

  it('sends the whole list of formats, print first, with file ids, when one changes', () => {
    const values = formValuesOf(sold)
    values.formats[0] = { ...values.formats[0], on: true, price: '6.99' }
    expect(changedFields(sold, fieldsOf(values))).toEqual({
      formats: [
        { format: 'print', priceCents: 1299, files: [] },
        { format: 'interactive', priceCents: 699, files: [] },
        { format: 'ebook', priceCents: 499, files: ['f-1'] },
      ],
    })
  })

  it('sends no formats to a server that has none', () => {
    expect(changedFields(book, fieldsOf(formValuesOf(book)))).toEqual({})
  })

  it('sells a book in digital formats alone: no print, and no print price asked for nor sent', () => {
    const values = { ...formValuesOf(sold), print: false, price: '' }
    expect(bookSchema.safeParse(values).success).toBe(true)
    expect(changedFields(sold, fieldsOf(values))).toEqual({ formats: [{ format: 'ebook', priceCents: 499, files: ['f-1'] }] })
    const digital: AdminBook = { ...book, priceCents: 499, formats: [{ format: 'ebook', priceCents: 499, files: [epub] }] }
    const loaded = formValuesOf(digital)
    expect([loaded.print, loaded.price]).toEqual([false, ''])
    expect(changedFields(digital, fieldsOf(loaded))).toEqual({})
    // A new price of its one format moves the book's price with it, and print stays off.
    loaded.formats[1] = { ...loaded.formats[1], price: '3.99' }
    expect(changedFields(digital, fieldsOf(loaded))).toEqual({ formats: [{ format: 'ebook', priceCents: 399, files: ['f-1'] }] })
    expect(fieldsOf(loaded).priceCents).toBe(399)
  })

  it('needs one format at least, and print’s price only when sold in print', () => {
    const none = { ...formValuesOf(sold), print: false, price: '' }
    none.formats[1] = { ...none.formats[1], on: false }
    const fields = Object.fromEntries(bookSchema.safeParse(none).error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(fields).toEqual({ print: 'A book is sold in at least one format: turn on print or a digital format.' })
    expect(bookSchema.safeParse({ ...formValuesOf(sold), price: '' }).error!.issues.map((i) => i.path.join('.'))).toEqual(['price'])
  })

  it('needs a price, and a file for a format sold as files', () => {
    const values = formValuesOf(sold)
    values.formats[2] = { ...values.formats[2], on: true, price: '' }
    const result = bookSchema.safeParse(values)
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(fields).toEqual({
      'formats.2.price': 'Enter the price in dollars, from $0.01 to $1,000 (for example 12.99).',
      'formats.2.files': 'Upload at least one track before selling the audiobook.',
    })
  })
})
