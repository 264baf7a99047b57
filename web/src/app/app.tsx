import { RouterProvider } from 'react-router'
import type { DataRouter } from 'react-router'
import { AppProviders } from './providers'

/**
 * The whole app around a router: the browser's (main.tsx) or, when the
 * server renders a page, one per page (entry-server.tsx). `responses`
 * are the API responses the page carries (lib/inline-data.ts).
 */
export function App({ router, responses }: { router: DataRouter; responses: Record<string, unknown> }) {
  return (
    <AppProviders responses={responses}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
