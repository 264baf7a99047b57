import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { App } from '@/app/app'
import { routerReady, routes } from '@/app/router'
import { inlinedResponses } from '@/lib/inline-data'
import { isServerRendered } from '@/lib/render-env'

const container = document.getElementById('root')!
const router = createBrowserRouter(routes)
const app = (
  <StrictMode>
    <App router={router} responses={inlinedResponses()} />
  </StrictMode>
)

// The first render waits for the page's module (pages are lazy), so the
// page renders at once rather than after a loading state, and it is a
// transition, so React does it in slices that yield to the browser every few
// milliseconds instead of one long task: a phone stays responsive meanwhile.
void routerReady(router).then(() =>
  startTransition(() => {
    if (isServerRendered) {
      // The server rendered the page (internal/render): React hydrates that HTML instead of rendering it again.
      hydrateRoot(container, app)
    } else {
      createRoot(container).render(app)
    }
  }),
)
