import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// axe-core's WCAG 2.2 A/AA check (issue #14), shared by the specs that check
// their pages at a phone's width and a desktop's.

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

export const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
]

export async function expectNoViolations(page: Page, label: string) {
  // Let entrance animations settle (not endless ones such as a spinner), so colors are measured as a visitor sees them.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  // Only violations are read: axe skips gathering the passing and inapplicable nodes (much faster on long pages).
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze()
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`).join('\n')}`)
  expect(summary, `${label}:\n${summary.join('\n')}`).toEqual([])
}

/** One page load checked at every width in turn (the layout follows the viewport; the page is not reloaded). */
export async function expectNoViolationsAtEveryWidth(page: Page, label = '') {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await expectNoViolations(page, `${label}${label && ', '}${size.name} (${size.width} px)`)
  }
}
