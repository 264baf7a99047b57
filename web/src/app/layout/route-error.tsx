import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** Shown when a route throws while loading or rendering. */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error)
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted">{detail}</p>
      <Button asChild>
        <Link to={paths.home} reloadDocument>
          Return Home
        </Link>
      </Button>
    </main>
  )
}
