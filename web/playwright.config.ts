import { defineConfig, devices } from '@playwright/test'

// scripts/e2e.sh picks a free port and a temporary folder and exports them,
// so every worker of this config agrees on where the shop is.
const port = Number(process.env.E2E_PORT ?? 18090)
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/bookshop-e2e'
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `${process.env.BOOKSHOP_BIN ?? '../bin/bookshop'} serve --dev`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: process.env.E2E_VERBOSE ? 'pipe' : 'ignore',
    env: {
      PORT: String(port),
      DATABASE_URL: `sqlite:${dataDir}/bookshop.db`,
      SITE_URL: baseURL,
      RATE_LIMIT_PER_MINUTE: '10000',
      ...(process.env.E2E_EXTRA_ENV ? JSON.parse(process.env.E2E_EXTRA_ENV) : {}),
    },
  },
})
