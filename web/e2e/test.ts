import { test as base, type Page } from '@playwright/test'

export { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/**
 * The page, with goto and reload returning once the app has taken the page
 * over (html[data-app-ready], app/providers.tsx). A server-rendered page shows
 * everything before its code runs (src/boot.ts waits for the page to load
 * and paint), and a click before the app is there would be the browser's own.
 * Pages opened by hand (a second context) go through this too.
 */
export function waitingForApp(page: Page): Page {
  const ready = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'))
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await ready()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await ready()
    return response
  }
  return page
}

/** Playwright's test, whose page waits for the app after each load (waitingForApp). */
export const test = base.extend({
  page: async ({ page }, provide) => {
    await provide(waitingForApp(page))
  },
})
