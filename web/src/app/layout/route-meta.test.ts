import { describe, expect, it } from 'vitest'
import { paths } from '@/config/paths'
import { metaForPath } from './route-meta'

const notFound = metaForPath('/no-such-page').title

// Every route's own title: a page missing from the table called itself "Page Not Found" in its tab.
describe('metaForPath', () => {
  const routes = Object.entries(paths).flatMap(([name, path]) => {
    const url = typeof path === 'function' ? path('sample-1') : path
    return url.includes('#') ? [] : [[name, url] as const] // anchors on another route's page
  })

  it.each(routes)('%s (%s) has its own title', (_, url) => {
    expect(metaForPath(url).title).not.toBe(notFound)
  })

  it('names the not-found page so', () => {
    expect(notFound).toBe('Page Not Found — Siso & Friends')
  })

  it('tells a new campaign from an existing one', () => {
    expect(metaForPath(paths.adminCampaignNew).title).toMatch(/^New Campaign/)
    expect(metaForPath(paths.adminCampaign(7)).title).toMatch(/^Edit Campaign/)
  })
})
