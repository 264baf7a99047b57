import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { cn } from '@/lib/cn'

/**
 * Tabs as WAI-ARIA's tabs pattern has them: a tab list whose arrow, Home
 * and End keys move to a tab and show it, and the shown tab's panel only.
 * Written here rather than taken from a kit: the checkout's payment tabs
 * are on a server-rendered page, and the kit's tabs set their state again as
 * the app hydrates the page, which rendered the whole checkout form again.
 */
type TabsState = { value: string; select: (value: string) => void; id: (part: 'tab' | 'panel', value: string) => string }

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const tabs = useContext(TabsContext)
  if (!tabs) throw new Error('Tabs parts must be used within Tabs')
  return tabs
}

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  /** The shown tab, when the caller keeps it; otherwise Tabs keeps it, starting at defaultValue. */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue)
  const base = useId()
  const state: TabsState = {
    value: value ?? own,
    select: (next) => {
      setOwn(next)
      onValueChange?.(next)
    },
    id: (part, tab) => `${base}-${part}-${tab}`,
  }
  return (
    <TabsContext.Provider value={state}>
      <div {...props} />
    </TabsContext.Provider>
  )
}

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const moveWithKeys = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e)
    const move = keyMoves[e.key]
    if (!move || e.defaultPrevented) return
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
    const at = tabs.findIndex((tab) => tab === document.activeElement)
    if (at < 0) return
    e.preventDefault()
    const next = tabs[move(at, tabs.length)]
    next.focus()
    next.click()
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex flex-wrap gap-1 rounded-2xl bg-tiger-50 p-1.5', className)}
      onKeyDown={moveWithKeys}
      {...props}
    />
  )
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.id('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={(e) => {
        onClick?.(e)
        if (!e.defaultPrevented && !selected) tabs.select(value)
      }}
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-2 rounded-xl px-4 py-2 text-sm font-bold text-muted transition data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm hover:text-ink',
        className,
      )}
      {...props}
    />
  )
}

/** A tab's panel; its content is rendered only while its tab is shown. */
export function TabsContent({ value, className, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <div
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      tabIndex={0}
      className={cn('mt-4 focus-visible:outline-none', className)}
      {...props}
    >
      {selected && children}
    </div>
  )
}
