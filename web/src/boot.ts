import './index.css'
import './features/kid-mode/early'
import { isServerRendered } from './lib/render-env'

/** The app's code, once asked for (start). */
let started: Promise<unknown> | undefined

/**
 * The app's entry. Nothing here waits for the app's code to be rendered: a
 * page the server rendered (internal/webapp/pages.go) is already the page,
 * and any other page is the splash of index.html. So the code is fetched
 * only once that has painted: on a slow phone network the first paint does
 * not wait behind it. A server-rendered page also lets its pictures and fonts
 * load first, so the page is whole before the app adopts it (main.tsx
 * hydrates it); behind the splash, the app is all there is to wait for.
 */
function start() {
  if (started) return
  fetchRouteChunks()
  started = loadInSteps()
}

/**
 * Running the app's modules costs a phone a few hundred milliseconds. In one
 * task that is a long freeze, so the largest libraries run first, each in a
 * task of its own, and the app last. Their code is all being fetched at once
 * meanwhile (fetchRouteChunks), so the steps do not wait on each other's.
 */
async function loadInSteps() {
  await import('./app/libraries/renderer')
  await breathe()
  await import('./app/libraries/router')
  await breathe()
  await import('./main')
}

const breathe = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Fetches the route's own chunks alongside the app's (the server names them: internal/webapp). */
function fetchRouteChunks() {
  const names = document.querySelector<HTMLMetaElement>('meta[name="app-chunks"]')?.content.split(' ') ?? []
  const links = names.filter(Boolean).map((href) => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    return link
  })
  document.head.append(...links) // at once: the head is changed once, not once per chunk
}

/**
 * Once the page has painted (or at the latest after a few seconds, should
 * the paint never be reported). A page opened in a background tab paints
 * only when it is looked at, so there is no paint to wait for: its code
 * comes at once, and the page is whole when the visitor turns to it.
 */
function afterFirstPaint(run: () => void) {
  if (document.visibilityState === 'hidden') {
    run()
    return
  }
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer.disconnect()
    run()
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once, 0)
  })
  observer.observe({ type: 'paint', buffered: true })
  setTimeout(once, FIRST_PAINT_TIMEOUT_MS)
}

const FIRST_PAINT_TIMEOUT_MS = 3000

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * What a visitor types on a server-rendered page before the app has adopted it
 * is kept. The app's forms set their fields to their own values as they
 * adopt them, and a form sent before would be the browser's own (a reload
 * of the page, blank again). So until the app is there, what is typed into
 * each field is noted and a sent form is held back, and either starts the
 * app at once; then the fields are typed again, as input events the forms
 * listen to, and the held form is sent.
 */
function keepEarlyInput() {
  const typed = new Map<Field, string | boolean>()
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null
  const note = (e: Event) => {
    const field = e.target
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
      typed.set(field, isToggle(field) ? field.checked : field.value)
      start()
    }
  }
  const hold = (e: SubmitEvent) => {
    e.preventDefault()
    held = { form: e.target as HTMLFormElement, submitter: e.submitter }
    start()
  }
  const events = [['input', note], ['change', note], ['submit', hold]] as const
  for (const [type, listener] of events) document.addEventListener(type, listener as EventListener, true)
  whenAppReady(() => {
    for (const [type, listener] of events) document.removeEventListener(type, listener as EventListener, true)
    for (const [field, value] of typed) typeAgain(field, value)
    if (held?.form.isConnected) {
      const { form, submitter } = held
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined)
    }
  })
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
}

function typeAgain(field: Field, value: string | boolean) {
  if (!field.isConnected) return
  if (isToggle(field)) {
    if (field.checked !== value) field.click()
    return
  }
  // React notes the values set through the field's own setter and reports an
  // input event only when the field's value differs from that note. Hydration
  // leaves what was typed in the box while the app's state is still empty, and
  // its note may already be the typed value: so note another value first, then
  // put the typed one back through the prototype's setter, as typing does.
  field.value = ''
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Once the app has adopted the page (app/providers.tsx marks it). */
function whenAppReady(run: () => void) {
  const root = document.documentElement
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute('data-app-ready')) return
    observer.disconnect()
    run()
  })
  observer.observe(root, { attributes: true, attributeFilter: ['data-app-ready'] })
}

if (!isServerRendered) {
  afterFirstPaint(start)
} else {
  keepEarlyInput()
  if (document.readyState === 'complete') afterFirstPaint(start)
  else window.addEventListener('load', () => afterFirstPaint(start), { once: true })
}
