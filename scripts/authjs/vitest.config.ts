import { defineConfig } from 'vitest/config'

// Run by scripts/authjs-official.sh from a folder holding auth-js's test/
// (with lib/clients.ts replaced), src/ (the installed package's) and
// node_modules (the web app's, with the stubs of scripts/authjs/stubs).
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    setupFiles: ['./setup.ts'],
    testTimeout: 20000,
    fileParallelism: false,
  },
})
