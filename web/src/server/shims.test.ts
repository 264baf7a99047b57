import { describe, expect, it } from 'vitest'
import { TextEncoderShim, toLocaleStringEnUS, URLSearchParamsShim, URLShim } from './shims'

// The shims stand in for the browser's own in the server's engine
// (internal/render): each must respond as the real one does for what the app asks.

describe('URLShim', () => {
  it.each([
    ['http://localhost'],
    ['http://localhost/books?q=tiger&cat=fiction#top'],
    ['HTTP://Example.COM:8080/a/./b/../c'],
    ['https://shop.example/'],
  ])('parses %s as URL does', (href) => {
    const [ours, real] = [new URLShim(href), new URL(href)]
    for (const part of ['href', 'protocol', 'host', 'hostname', 'port', 'origin', 'pathname', 'search', 'hash'] as const) expect(ours[part], part).toBe(real[part])
  })

  it.each([
    ['/books/3', 'http://localhost'],
    ['/books?q=a+b', 'http://localhost/categories'],
    ['?page=2', 'http://localhost/books?q=x'],
    ['#newsletter', 'http://localhost/?a=1'],
    ['', 'http://localhost/books?q=x#y'],
    ['cart', 'http://localhost/books/3'],
    ['../faq', 'http://localhost/books/3'],
  ])('resolves %s against %s as URL does', (href, base) => {
    expect(new URLShim(href, base).href).toBe(new URL(href, base).href)
  })

  it('refuses a relative URL without a base, as URL does', () => {
    expect(() => new URLShim('/books')).toThrow(TypeError)
  })

  it('keeps search and searchParams in step', () => {
    const url = new URLShim('http://localhost/books?q=tiger')
    url.searchParams.set('cat', 'non fiction')
    expect(url.search).toBe('?q=tiger&cat=non+fiction')
    url.search = 'page=2'
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.has('q')).toBe(false)
  })
})

describe('URLSearchParamsShim', () => {
  it.each([['q=tiger&cat=fiction&cat=poems'], ['?q=a+b%26c&empty=&flag'], ['name=%E2%9C%93&x=%zz'], ['']])('reads %s as URLSearchParams does', (query) => {
    const [ours, real] = [new URLSearchParamsShim(query), new URLSearchParams(query)]
    expect([...ours]).toEqual([...real])
    expect(ours.getAll('cat')).toEqual(real.getAll('cat'))
    expect(ours.get('missing')).toBe(real.get('missing'))
    expect(ours.toString()).toBe(real.toString())
  })

  it('edits as URLSearchParams does', () => {
    const [ours, real] = [new URLSearchParamsShim('a=1&b=2&a=3'), new URLSearchParams('a=1&b=2&a=3')]
    for (const params of [ours, real]) {
      params.set('a', "it's ~ (5)!")
      params.append('c', '4')
      params.delete('b')
      params.sort()
    }
    expect(ours.toString()).toBe(real.toString())
    expect(ours.size).toBe(real.size)
  })

  it('takes pairs and records', () => {
    expect(new URLSearchParamsShim([['a', '1']]).toString()).toBe('a=1')
    expect(new URLSearchParamsShim({ a: '1', b: 'x y' }).toString()).toBe('a=1&b=x+y')
  })
})

describe('TextEncoderShim', () => {
  it.each([['plain'], ['Siso & Friends — “tiger” 🐯'], ['lone \ud800 surrogate'], ['']])('encodes %s as TextEncoder does', (text) => {
    expect([...new TextEncoderShim().encode(text)]).toEqual([...new TextEncoder().encode(text)])
  })
})

describe('toLocaleStringEnUS', () => {
  it.each([[0], [5], [999], [1000], [5000], [-1234567], [1234.5678], [0.1], [-0.0001], [-0], [Infinity], [-Infinity], [NaN]])('formats %d as en-US does', (n) => {
    expect(toLocaleStringEnUS.call(n)).toBe(n.toLocaleString('en-US'))
  })
})
