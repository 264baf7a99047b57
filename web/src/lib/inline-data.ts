/**
 * API responses the server put into the page by path (internal/webapp writes
 * them into <script id="app-data">, e.g. the catalogue). The app seeds its
 * query cache with them (app/providers.tsx), so a first visit renders its
 * shelves without a round trip; later reads fetch as usual.
 */
export function inlinedResponses(): Record<string, unknown> {
  const element = document.getElementById('app-data')
  if (!element?.textContent) return {}
  try {
    return JSON.parse(element.textContent) as Record<string, unknown>
  } catch {
    return {} // a page without usable responses still works: the app fetches them
  } finally {
    element.remove()
  }
}
