/**
 * A path on this site to navigate to after a redirect (?next=, a stored return
 * target), or the fallback. Anything that could leave the site is refused:
 * "//host", "/\host" (browsers read the backslash as a slash), control
 * characters (the URL parser drops tabs and newlines, so "/\t/host" becomes
 * "//host") and whatever else resolves to another origin. React Router would
 * otherwise throw "External navigation is not allowed" and freeze the page.
 * The result is the path as the URL parser resolved it.
 */
export function safeInternalPath<F extends string | null>(raw: string | null | undefined, fallback: F): string | F {
  // eslint-disable-next-line no-control-regex
  if (!raw || !raw.startsWith('/') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw)) return fallback
  try {
    const origin = window.location.origin
    const url = new URL(raw, origin)
    if (url.origin !== origin) return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
