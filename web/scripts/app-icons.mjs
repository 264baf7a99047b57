// Draws the installed app's icons (public/icons/) from the site's tiger,
// public/favicon.svg, with the Chromium the end-to-end tests use. The PNGs
// are committed: the build needs no browser. Run it again after changing
// the favicon: `node scripts/app-icons.mjs`.
//
// "any" icons are the tiger alone on a transparent square, as the favicon;
// the maskable one (and Apple's, which iOS rounds itself) is the tiger on
// the site's cream inside the middle 80 %, the safe zone a launcher's mask
// never cuts (https://w3c.github.io/manifest/#icon-masks).
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const tiger = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
const cream = '#fffaf2'

const icons = [
  { file: 'icon-192.png', size: 192, inset: 0, background: 'transparent' },
  { file: 'icon-512.png', size: 512, inset: 0, background: 'transparent' },
  { file: 'maskable-512.png', size: 512, inset: 0.2, background: cream },
  { file: 'apple-touch-icon.png', size: 180, inset: 0.12, background: cream },
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ deviceScaleFactor: 1 })
for (const { file, size, inset, background } of icons) {
  const art = Math.round(size * (1 - inset))
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
    <div style="width:${art}px;height:${art}px">${tiger.replace('<svg ', `<svg width="${art}" height="${art}" `)}</div></body>`)
  await page.screenshot({ path: new URL(`../public/icons/${file}`, import.meta.url).pathname, omitBackground: background === 'transparent' })
  console.log(`wrote public/icons/${file}`)
}
await browser.close()
