import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/testing/setup.ts'],
        include: ['src/**/*.test.{ts,tsx}'],
        css: false,
      },
    }),
  ),
)
