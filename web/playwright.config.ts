import { defineConfig, devices } from '@playwright/test'

// Every worker gets its own shop: its own server on its own port with its own SQLite
// database (and so its own mailbox at /dev/mail), so specs never see each other's data
// and the suite runs in parallel. scripts/e2e.sh picks free ports (E2E_PORTS, one per
// worker) and a temporary folder. Playwright starts one webServer per port; each worker
// process loads this file with its TEST_PARALLEL_INDEX set, so its baseURL names its own
// server. Specs stay plain `import { test } from '@playwright/test'` with page/request.
const ports = (process.env.E2E_PORTS ?? process.env.E2E_PORT ?? '18090').split(',').map(Number)
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/bookshop-e2e'
const urlOf = (port: number) => `http://127.0.0.1:${port}`
// A --workers count above the number of servers shares them round-robin (still safe: specs use unique e-mails).
const baseURL = urlOf(ports[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % ports.length])
const extraEnv: Record<string, string> = process.env.E2E_EXTRA_ENV ? JSON.parse(process.env.E2E_EXTRA_ENV) : {}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: ports.length,
  // No retries: a journey that passes only on a second try is a failure to fix, not to hide.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace costs every journey CPU: run a failing journey again with --trace on.
    trace: 'off',
    // As a reader who asked for less motion: the app's transitions end at once
    // (src/index.css), so a click does not wait for an element to stop moving.
    contextOptions: { reducedMotion: 'reduce' },
    // The shop's service worker (src/sw.ts) serves the app's scripts from its
    // cache, past page.route: only the offline journey, which is about it,
    // lets it run (test.use in e2e/storybooks-offline.spec.ts).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: ports.map((port, i) => ({
    command: `${process.env.BOOKSHOP_BIN ?? '../bin/bookshop'} serve --dev`,
    url: `${urlOf(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: process.env.E2E_VERBOSE ? ('pipe' as const) : ('ignore' as const),
    env: {
      PORT: String(port),
      DATABASE_URL: `sqlite:${dataDir}/bookshop-${i}.db`,
      // Each shop its own backups and files: beside the database they would be
      // one folder for every worker, and one worker's restore another's newest.
      BACKUP_DIR: `${dataDir}/backups-${i}`,
      FILES_DIR: `${dataDir}/files-${i}`,
      SITE_URL: urlOf(port),
      RATE_LIMIT_PER_MINUTE: '10000',
      // Short, so no journey waits out the 60 s between two account e-mails of one type.
      EMAIL_COOLDOWN_SECONDS: '10',
      // Not the default, so the pages are seen to show the server's address.
      SUPPORT_EMAIL: 'help@siso-e2e.test',
      ...extraEnv,
    },
  })),
})
