import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath, URL } from 'node:url'
import { paths } from './src/config/paths.ts'
import { routePatterns } from './src/config/route-patterns.ts'

// routes.json: the app's route patterns, read by the Go server so an
// unknown path answers 404 (internal/webapp). One source: config/paths.ts.
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify({ routes: routePatterns(paths) }, null, 1) })
    },
  }
}

// The build lands in internal/webapp/dist, where the Go binary embeds it.
export default defineConfig({
  plugins: [react(), tailwindcss(), routeManifest()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: '../internal/webapp/dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/auth/v1': 'http://localhost:8080',
      '/functions/v1': 'http://localhost:8080',
      '/dev/mail': 'http://localhost:8080',
    },
  },
})
