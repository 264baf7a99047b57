import { describe, expect, it } from 'vitest'
import { day, defineListParams, oneOf, text } from './list-params'

type Kind = 'owl' | 'fox'
type Plain = { q: string; kind: Kind | ''; sort: 'name' | '-name'; page: number }
type Paged = Plain & { from: string; after: string; before: string }

const plain = defineListParams<Plain>({ filters: { q: text, kind: oneOf<Kind>(['owl', 'fox']) }, sorts: ['name', '-name'], defaultSort: 'name', perPage: 10 })
const paged = defineListParams<Paged>({
  filters: { q: text, kind: oneOf<Kind>(['owl', 'fox']), from: day('2000-01-01', '2999-12-31') },
  sorts: ['name', '-name'],
  defaultSort: '-name',
  perPage: 25,
  cursors: true,
})
const none: Plain = { q: '', kind: '', sort: 'name', page: 1 }

describe('defineListParams', () => {
  it('reads each filter by its rule, and drops what the list does not know', () => {
    expect(plain.filtersFromSearch(new URLSearchParams('q=%20owl%20&kind=cat&sort=age&page=x'))).toEqual({ ...none, q: 'owl' })
    expect(plain.filtersFromSearch(new URLSearchParams('kind=fox&sort=-name&page=3'))).toEqual({ ...none, kind: 'fox', sort: '-name', page: 3 })
    expect(paged.filtersFromSearch(new URLSearchParams('from=1999-12-31')).from).toBe('')
    expect(paged.filtersFromSearch(new URLSearchParams('from=2026-02-01')).from).toBe('2026-02-01')
  })

  it('writes only what differs from the plain list, in the order the filters are named', () => {
    expect(plain.searchFromFilters(none).toString()).toBe('')
    expect(plain.searchFromFilters({ q: ' a&b ', kind: 'owl', sort: '-name', page: 2 }).toString()).toBe('q=a%26b&kind=owl&sort=-name&page=2')
  })

  it('asks the API for the sort and the page size always, and the page where it goes by number', () => {
    expect(plain.apiSearch(none)).toBe('sort=name&page=1&perPage=10')
    const first = paged.filtersFromSearch(new URLSearchParams())
    expect(paged.apiSearch(first)).toBe('sort=-name&perPage=25')
    expect(paged.apiSearch({ ...first, page: 3, after: 'K' })).toBe('page=3&after=K&sort=-name&perPage=25')
  })

  it('goes back to the first page, and forgets the place, when a filter changes', () => {
    expect(plain.withFilters({ ...none, page: 4 }, { kind: 'owl' })).toEqual({ ...none, kind: 'owl' })
    expect(plain.withFilters({ ...none, kind: 'owl' }, { page: 2 })).toEqual({ ...none, kind: 'owl', page: 2 })
    const third = paged.filtersFromSearch(new URLSearchParams('page=3&after=K'))
    expect(paged.withFilters(third, { q: 'x' })).toMatchObject({ q: 'x', page: 1, after: '', before: '' })
  })

  it("finds the next and previous pages by place, any other by number", () => {
    const third = paged.filtersFromSearch(new URLSearchParams('page=3&after=K'))
    const shown = { nextCursor: 'N', prevCursor: 'P' }
    expect(paged.pageFrom(third, shown, 4)).toMatchObject({ page: 4, after: 'N', before: '' })
    expect(paged.pageFrom(third, shown, 2)).toMatchObject({ page: 2, after: '', before: 'P' })
    expect(paged.pageFrom(third, shown, 1)).toMatchObject({ page: 1, after: '', before: '' })
    expect(paged.pageFrom(third, shown, 7)).toMatchObject({ page: 7, after: '', before: '' })
    expect(plain.pageFrom(none, shown, 2)).toEqual({ ...none, page: 2 })
  })

  it('keeps one place at most, and none on the first page', () => {
    expect(paged.filtersFromSearch(new URLSearchParams('page=2&after=A&before=B'))).toMatchObject({ after: '', before: '' })
    expect(paged.filtersFromSearch(new URLSearchParams('after=A'))).toMatchObject({ page: 1, after: '' })
    expect(paged.searchFromFilters({ ...paged.filtersFromSearch(new URLSearchParams()), after: 'A' }).toString()).toBe('')
  })

  it('tells a filtered list from a sorted one, and counts at least one page', () => {
    expect(plain.isFiltered({ ...none, sort: '-name', page: 3 })).toBe(false)
    expect(plain.isFiltered({ ...none, kind: 'fox' })).toBe(true)
    expect(plain.pageCount(0)).toBe(1)
    expect(plain.pageCount(11)).toBe(2)
  })
})
