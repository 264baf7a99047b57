import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate, type NavigateFunction } from 'react-router'
import { toast } from 'sonner'
import { newQuestion, type Question } from './gate'
import { ParentGateDialog } from './parent-gate-dialog'
import { isKidPath, setKidMode } from './store'
import { useKidMode } from './use-kid-mode'

/** What the grown-up is asked to let through. */
export type GatePurpose = 'leave' | 'outside' | 'account'

const reasons: Record<GatePurpose, string> = {
  leave: 'Kid mode is on. To leave it and open the shop and your account, answer this question.',
  outside: 'This link leads out of Siso & Friends. To open it, answer this question.',
  account: 'This changes your account. To go on, answer this question.',
}

type AskParent = (purpose: GatePurpose, onPass: () => void) => void

const GateContext = createContext<AskParent>(() => {})

/** Asks the parent gate, then runs `onPass` once a grown-up has answered it. */
export function useParentGate(): AskParent {
  return useContext(GateContext)
}

/** Asks the gate, then turns kid mode off (the shop and the account come back). */
export function useLeaveKidMode(): () => void {
  const ask = useParentGate()
  return useCallback(() => ask('leave', leaveKidMode), [ask])
}

function leaveKidMode() {
  setKidMode(false)
  toast.success('Kid mode is off', { description: 'The shop and your account are back.' })
}

type Open = { purpose: GatePurpose; question: Question; openedAt: number; onPass: () => void; opener: Element | null }

/**
 * The parent gate for the whole app (inside the router: passing it may go
 * to a page). In kid mode, a link out of the children's pages or out of the
 * shop, and anything marked data-grown-up (a button that changes the
 * account), ask a grown-up first: the click is held, and made again once the
 * question is answered.
 */
export function KidModeProvider({ children }: { children: ReactNode }) {
  const kid = useKidMode()
  const navigate = useNavigate()
  const [open, setOpen] = useState<Open | null>(null)

  const ask = useCallback<AskParent>((purpose, onPass) => {
    setOpen({ purpose, question: newQuestion(), openedAt: Date.now(), onPass, opener: document.activeElement })
  }, [])

  useGuardedClicks(kid, ask, navigate)

  const close = (then?: () => void) => {
    if (!open) return
    setOpen(null)
    // Back to where the grown-up was (a held click is made again from there), and to the page
    // should what follows take that away (leaving kid mode swaps the header).
    if (open.opener instanceof HTMLElement && open.opener.isConnected) open.opener.focus({ preventScroll: true })
    then?.()
    window.requestAnimationFrame(() => {
      if (document.activeElement === null || document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true })
    })
  }

  return (
    <GateContext value={ask}>
      {children}
      {open && (
        <ParentGateDialog
          reason={reasons[open.purpose]}
          firstQuestion={open.question}
          openedAt={open.openedAt}
          onPass={() => close(open.onPass)}
          onCancel={() => close()}
        />
      )}
    </GateContext>
  )
}

/**
 * In kid mode, clicks are looked at before the app's own handlers (capture,
 * on the document): a link to a grown-up page, a link out of the shop, or an
 * element marked data-grown-up is stopped and asks the gate.
 */
function useGuardedClicks(kid: boolean, ask: AskParent, navigate: NavigateFunction) {
  // Set while a held click is made again after the gate, so that it goes through.
  const passing = useRef(false)
  useEffect(() => {
    if (!kid) return
    const onClick = (event: MouseEvent) => {
      if (passing.current || !(event.target instanceof Element)) return
      const guarded = event.target.closest('[data-grown-up]')
      if (guarded instanceof HTMLElement) {
        hold(event)
        ask('account', () => {
          if (!guarded.isConnected) return
          passing.current = true
          try {
            guarded.click()
          } finally {
            passing.current = false
          }
        })
        return
      }
      const anchor = event.target.closest('a[href]')
      const href = anchor?.getAttribute('href')
      if (!anchor || href == null) return
      const url = new URL(href, document.baseURI)
      if (url.origin !== window.location.origin) {
        hold(event)
        const newTab = anchor.getAttribute('target') === '_blank'
        ask('outside', () => (newTab ? window.open(url.href, '_blank', 'noopener') : window.location.assign(url.href)))
        return
      }
      if (isKidPath(url.pathname) || samePage(url)) return
      hold(event)
      ask('leave', () => {
        leaveKidMode()
        void navigate(url.pathname + url.search + url.hash)
      })
    }
    // A middle click opens a link in a new tab without a click event.
    const onAuxClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      const href = anchor?.getAttribute('href')
      if (href == null) return
      const url = new URL(href, document.baseURI)
      if (url.origin !== window.location.origin || !isKidPath(url.pathname)) event.preventDefault()
    }
    document.addEventListener('click', onClick, true)
    document.addEventListener('auxclick', onAuxClick, true)
    return () => {
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('auxclick', onAuxClick, true)
    }
  }, [kid, ask, navigate])
}

/** Stops a click before the router's links or React's handlers see it. */
function hold(event: MouseEvent) {
  event.preventDefault()
  event.stopPropagation()
}

/** A link within the page itself (the skip link's #main). */
function samePage(url: URL) {
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash !== ''
}
