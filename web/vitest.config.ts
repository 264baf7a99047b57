import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

// Components (.test.tsx) run in jsdom; the rest in Node, which starts in a
// fraction of jsdom's time: a logic test that needs the browser's globals
// (storage, cookies, hooks) says so in its first line with
// `// @vitest-environment jsdom`.
export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        setupFiles: ['./src/testing/setup.ts'],
        css: false,
        projects: [
          { extends: true, test: { name: 'components', environment: 'jsdom', include: ['src/**/*.test.tsx'] } },
          { extends: true, test: { name: 'logic', environment: 'node', include: ['src/**/*.test.ts'] } },
        ],
      },
    }),
  ),
)
