import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { App } from '@/app/app'
import { routerReady, routes } from '@/app/router'
import { inlinedAnswers } from '@/lib/inline-data'
import { rendersAheadOfTime } from '@/lib/prerender'

const container = document.getElementById('root')!
const router = createBrowserRouter(routes)
const app = (
  <StrictMode>
    <App router={router} answers={inlinedAnswers()} />
  </StrictMode>
)

// The first render is a transition either way, so React does it in slices
// that yield to the browser every few milliseconds instead of one long task:
// a phone stays responsive while the app starts.
if (rendersAheadOfTime) {
  // The page came drawn (web/scripts/prerender.mjs): once its module is in,
  // React adopts that HTML instead of drawing it again.
  void routerReady(router).then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  startTransition(() => {
    createRoot(container).render(app)
  })
}
