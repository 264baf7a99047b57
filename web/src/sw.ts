/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) with
 * Workbox: it makes the shop installable and lets a storybook kept for
 * offline open and read with the network off. It changes nothing else:
 * every other request goes to the network as without it, so pages rendered by
 * the server and the back office's changes show at once.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { createPartialResponse } from 'workbox-range-requests'
import { registerRoute } from 'workbox-routing'
import { isOfflinePage, keptThenNetwork, networkThenKept, pageOrShell, type Env } from './sw/handlers'

declare let self: ServiceWorkerGlobalScope

// A new version of the app takes over at once and its old precache goes:
// pages come from the network, so an open page already names the new
// build's files, and a prompt would ask a child to do something for nothing.
void self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()

// The app's built code, styles and fonts, and its plain page (the shell of
// a kept storybook offline). No directory index and no clean URLs: a
// navigation to / or /books must reach the server, which renders it.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })

const env: Env = { caches: self.caches, fetch: (request) => fetch(request) }
const sameOrigin = (url: URL) => url.origin === self.location.origin

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isOfflinePage(url.pathname),
  ({ request }) => pageOrShell(env, request, () => matchPrecache('/index.html')),
)

registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/api/storybooks/') || url.pathname === '/api/library'),
  ({ request }) => networkThenKept(env, request),
)

// A narration's player asks for byte ranges; a kept copy is the whole file.
const inRanges = (handler: (env: Env, request: Request) => Promise<Response>) => async ({ request }: { request: Request }) => {
  const response = await handler(env, request)
  return request.headers.has('range') && response.status === 200 ? createPartialResponse(request, response) : response
}

// Pictures and narration under a content-hash URL (the back office's
// uploads) never change: a kept copy first.
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/storybooks/media/'), inRanges(keptThenNetwork))

// A story shipped with the app (public/storybooks/<slug>/): its files have
// no content hash, so the network's copy first.
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/storybooks/'), inRanges(networkThenKept))
