// The shims first: React's modules use them as they load.
import './server/globals'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server.browser'
import { createMemoryRouter, type DataRouter, type RouteObject } from 'react-router'
import { App } from '@/app/app'
import { metaForPath } from '@/app/layout/route-meta'
import { routes } from '@/app/router'
import { renderedPageMeta } from '@/lib/page-meta'
import { renderForCookie, type CookieRule } from '@/lib/render-env'
import { routesFor } from './server/routes-for'

export { dropTasks, runTasks, takeConsole } from './server/shims'

/**
 * The server's entry (vite.server.config.ts builds it into one script that
 * internal/render runs in an embedded JavaScript engine): a page's HTML as
 * the browser's first render makes it, so the browser can hydrate it.
 */
export type Page = {
  /** The app's root: what goes inside <div id="root">. */
  html: string
  /** The preloads React asks for (a hero's cover), for the page's <head>, ahead of the scripts. */
  head: string
  /** 404 when the URL is none of the app's pages (the not-found page), else 200. */
  status: number
  /** The page's <title> and meta description: the route's (route-meta.ts), or the ones it named itself from its data (usePageMeta). */
  title: string
  description: string
}

export type RenderOptions = {
  /** Render for the visitors with this cookie set, or without it (lib/render-env.ts, renderedForCookie). */
  cookie?: CookieRule
}

/**
 * The route table with every page module loaded: the router then starts
 * initialized and one render pass renders the page. The browser keeps its
 * lazy routes and hydrates once the page's module has loaded (main.tsx).
 */
let loadedRoutes: RouteObject[] | undefined
let loadError: unknown

/** Resolves once the page modules have loaded; the host waits for it after loading the script. */
export const ready: Promise<void> = withModules(routes).then(
  (loaded) => {
    loadedRoutes = loaded
  },
  (error: unknown) => {
    loadError = error
  },
)

/** Whether the page modules have loaded; throws why they could not. */
export function loaded(): boolean {
  if (loadError) throw loadError
  return loadedRoutes !== undefined
}

/**
 * The routes with their modules loaded. A page whose module cannot load
 * here (it reads a browser API as it loads: Intl on the signed-in pages)
 * keeps its lazy route, and rendering it is an error: the browser renders it.
 */
async function withModules(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async ({ lazy, children, ...route }) => {
      const module = typeof lazy === 'function' ? await lazy().catch((error: unknown) => void console.warn(`${route.path}: ${String(error)}`)) : {}
      return { ...route, ...(module ?? { lazy }), ...(children && { children: await withModules(children) }) } as RouteObject
    }),
  )
}

/**
 * The page at url, rendered with `responses`: API responses by path
 * ("/api/books"), as the server inlines them into the page for the browser
 * (lib/inline-data.ts), so both first renders make the same HTML.
 */
export async function render(url: string, responses: Record<string, unknown>, options: RenderOptions = {}): Promise<Page> {
  if (!loaded()) throw new Error('render: the page modules have not loaded (await ready)')
  renderForCookie(options.cookie)
  delete renderedPageMeta.title
  delete renderedPageMeta.description
  const router = createMemoryRouter(routesFor(url, loadedRoutes!), { initialEntries: [url] })
  try {
    // A route with a loader (the thank-you page's pass) or a module that
    // could not load here (withModules) is the browser's to render.
    if (!router.state.initialized) throw new Error(`render ${url}: a page only the browser renders`)
    const app = (
      <StrictMode>
        <App router={router} responses={responses} />
      </StrictMode>
    )
    let html = renderToString(app)
    // A lazy part (React.lazy) is rendered as its fallback the first time; its
    // module is in this script, so it is there once the promises settle.
    for (let tries = 0; html.includes(pending) && tries < 3; tries++) {
      await settled()
      html = renderToString(app)
    }
    // A part still pending would need an inline script to show it, which the CSP refuses.
    if (html.includes(pending) || html.includes('<script')) throw new Error(`render ${url}: a part of the page did not finish`)
    const [, head, root] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html)!
    const meta = metaForPath(router.state.location.pathname)
    return {
      html: root,
      head,
      status: notFound(router) ? 404 : 200,
      title: renderedPageMeta.title ?? meta.title,
      description: renderedPageMeta.description ?? meta.description,
    }
  } finally {
    router.dispose()
    renderForCookie(undefined)
  }
}

/** How renderToString marks a Suspense boundary it left to the browser. */
const pending = '<!--$!-->'

/** After the promises queued so far and what they queue (the host runs tasks once jobs are drained). */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** The router matched the catch-all route: the not-found page. */
function notFound(router: DataRouter): boolean {
  return router.state.matches.at(-1)?.route.path === '*'
}
