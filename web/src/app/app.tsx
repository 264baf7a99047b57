import { RouterProvider } from 'react-router'
import type { DataRouter } from 'react-router'
import { AppProviders } from './providers'

/**
 * The whole app around a router: the browser's (main.tsx) or, when the
 * public pages are prerendered, one per page (app/prerender.tsx). `answers`
 * are the API answers the page carries (lib/inline-data.ts).
 */
export function App({ router, answers }: { router: DataRouter; answers: Record<string, unknown> }) {
  return (
    <AppProviders answers={answers}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
