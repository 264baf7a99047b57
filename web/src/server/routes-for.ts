import type { RouteObject } from 'react-router'

/**
 * The routes that can match url's path: a router ranks every route it is
 * given each time it is made (a few milliseconds for the app's in the
 * engine, a sixth of a page), so the others are left out. A route whose path
 * starts with a segment other than the path's (any case, as React Router
 * matches) cannot match it, nor can anything under it; a route without a
 * path of its own (a layout) keeps those of its children that can.
 */
export function routesFor(url: string, list: RouteObject[]): RouteObject[] {
  const first = firstSegment(url.split(/[?#]/)[0]).toLowerCase()
  const keep = (routes: RouteObject[]): RouteObject[] =>
    routes.flatMap((route) => {
      const own = firstSegment(route.path ?? '')
      if (own !== '') return own.toLowerCase() === first || /^[:*]|\?$/.test(own) ? [route] : []
      if (!route.children) return [route]
      const children = keep(route.children)
      return children.length > 0 || route.index || route.path !== undefined ? [{ ...route, children } as RouteObject] : []
    })
  return keep(list)
}

/** The first segment of a path, decoded as React Router reads it. */
function firstSegment(path: string): string {
  const segment = path.replace(/^\/+/, '').split('/')[0]
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
