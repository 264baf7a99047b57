import type { Locator, Page } from '@playwright/test'

/**
 * Sums the layout shifts of the page's next loads, from their very start
 * (call before goto or reload); layoutShift reads the sum.
 */
export async function trackLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number }
    w.shifted = 0
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.shifted += (e as unknown as { value: number }).value))).observe({
      type: 'layout-shift',
      buffered: true,
    })
  })
}

export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { shifted: number }).shifted)

/** Whether the element is the topmost at its center, so nothing (a toast) covers it there. */
export const isOnTop = (element: Locator) =>
  element.evaluate((item) => {
    const box = item.getBoundingClientRect()
    return item.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))
  })
