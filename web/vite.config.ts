import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath, URL } from 'node:url'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
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

// x.gz and x.br beside every compressible file of the build, made once here
// at the highest levels, so the server neither compresses at start nor per
// request (internal/webapp serves them by Accept-Encoding).
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(entry.name)) continue
        const file = join(entry.parentPath, entry.name)
        const body = readFileSync(file)
        if (body.length <= 512) continue
        const gz = gzipSync(body, { level: 9 })
        const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        if (gz.length < body.length) writeFileSync(file + '.gz', gz)
        if (br.length < body.length) writeFileSync(file + '.br', br)
      }
    },
  }
}

// The build lands in internal/webapp/dist, where the Go binary embeds it.
export default defineConfig({
  plugins: [react(), tailwindcss(), routeManifest(), precompress()],
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
