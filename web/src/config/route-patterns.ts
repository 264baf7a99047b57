/**
 * The app's route patterns ('/books/:id'), derived from `paths` so the
 * server's 404 decisions and the router never disagree. The Vite build
 * writes them to routes.json beside index.html (see vite.config.ts), and
 * the Go server (internal/webapp) responds 404 to any path matching none.
 * No imports: vite.config.ts loads this file on its own.
 */
export function routePatterns(paths: Record<string, unknown>): string[] {
  const patterns = new Set<string>()
  for (const value of Object.values(paths)) {
    const path = typeof value === 'function' ? (value as (...ids: string[]) => string)(':id', ':id') : value
    if (typeof path !== 'string' || !path.startsWith('/')) continue
    patterns.add(path.split('#')[0].split('?')[0] || '/')
  }
  return [...patterns].sort()
}
