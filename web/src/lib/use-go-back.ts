import { useNavigate } from 'react-router'

/**
 * A Back button's action: one step back in this app's history, or, for a
 * visitor who opened the page directly (no earlier entry of ours, so history
 * back would leave the site), the given page of the site instead.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate()
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) void navigate(-1)
    else void navigate(fallback)
  }
}
