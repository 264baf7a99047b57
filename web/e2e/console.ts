import type { Page } from '@playwright/test'

/**
 * The page's console errors and uncaught exceptions, collected from now on.
 * A not-found page responds HTTP 404 on purpose (issue #14) and Chromium logs
 * that as an error: that one is left out. Content Security Policy violations
 * count as errors too (even those a library catches, like an eval probe).
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('status of 404')) errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  // Sent before the caller's next navigation: Playwright keeps the order of its calls.
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`)),
  )
  return errors
}
