import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routesFor } from './routes-for'

const routes: RouteObject[] = [
  {
    id: 'root',
    children: [
      { id: 'home', path: '/' },
      { id: 'books', path: '/books' },
      { id: 'book', path: '/books/:id' },
      { id: 'about', path: '/about' },
      { id: 'kids', children: [{ id: 'dreamaker', path: '/dreamaker' }, { id: 'games', path: '/games/*' }] },
      { id: 'admin', path: '/admin', children: [{ id: 'admin-home', index: true }, { id: 'admin-books', path: '/admin/books' }] },
      { id: 'lang', path: '/:lang/help' },
      { id: 'not-found', path: '*' },
    ],
  },
]

const ids = (list: RouteObject[]): string[] => list.flatMap((r) => [r.id!, ...ids(r.children ?? [])])
const matched = (list: RouteObject[], url: string) => matchRoutes(list, url)?.map((m) => m.route.id)

describe('routesFor', () => {
  it('keeps the routes that can match the path, and matches as the whole table does', () => {
    expect(ids(routesFor('/books/3?q=x', routes))).toEqual(['root', 'home', 'books', 'book', 'lang', 'not-found'])
    expect(ids(routesFor('/dreamaker', routes))).toEqual(['root', 'home', 'kids', 'dreamaker', 'lang', 'not-found'])
    for (const url of ['/', '/books', '/books/3', '/BOOKS/3', '/b%6Foks/3', '/about', '/dreamaker', '/games/a/b', '/admin', '/admin/books', '/en/help', '/nowhere', '/books/3/x', '/%E0%A4%A']) {
      expect(matched(routesFor(url, routes), url.split('?')[0]), url).toEqual(matched(routes, url.split('?')[0]))
    }
  })
})
