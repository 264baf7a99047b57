import { defineConfig, type Plugin, type Rolldown } from 'vite'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk
type OutputAsset = Rolldown.OutputAsset
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { fileURLToPath, URL } from 'node:url'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { paths } from './src/config/paths.ts'
import { routePatterns } from './src/config/route-patterns.ts'
import { flatRoutes } from './src/app/routes.ts'

// routes.json: the app's route patterns, read by the Go server so an
// unknown path gets a 404 response (internal/webapp). One source: config/paths.ts.
// Beside them, per pattern, the chunks its page needs beyond the entry's
// (the lazy route module and what it imports): the server names them in
// the page's HTML and the boot script (src/boot.ts) fetches them with the
// app's code, instead of after the app has run. Which page a pattern shows
// is the router's own table, src/app/routes.ts.
function routeManifest(): Plugin {
  return {
    name: 'route-manifest',
    generateBundle(_options, bundle) {
      const patterns = routePatterns(paths)
      const preload: Record<string, string[]> = {}
      for (const { path, page } of flatRoutes()) {
        if (path === undefined || path === '*') continue // an index route shares its parent's URL; * is every other
        // The server matches any :name segment; routes.json spells each :id.
        const pattern = path.replace(/:\w+/g, ':id')
        if (!patterns.includes(pattern)) this.error(`routes.ts has ${path}, which config/paths.ts does not`)
        preload[pattern] = routeChunks(bundle, `/src/app/routes/${page}.tsx`)
      }
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify({ routes: patterns, preload }, null, 1) })
    },
  }
}

// The chunk of a route module and every chunk it imports statically, less
// those the entry already loads (index.html preloads them).
function routeChunks(bundle: OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const closure = (start: OutputChunk[]) => {
    const seen = new Set<string>()
    const visit = (c: OutputChunk) => {
      if (seen.has(c.fileName)) return
      seen.add(c.fileName)
      for (const name of c.imports) visit(byName.get(name)!)
    }
    start.forEach(visit)
    return seen
  }
  const entry = closure(chunks.filter((c) => c.isEntry))
  const page = chunks.find((c) => c.facadeModuleId?.endsWith(module))
  if (!page) throw new Error(`route-manifest: no chunk for ${module}`)
  return [...closure([page])].filter((name) => !entry.has(name)).map((name) => `/${name}`)
}

// The stylesheet inside index.html instead of linked from it: the first
// paint then needs the HTML alone, not a second request that waits behind
// the scripts for a connection on a slow phone network. The CSP allows
// inline styles ('unsafe-inline' in style-src); the file stays for nothing.
// It is taken off the entry chunk's list too: the lazy chunks that import
// from the entry would otherwise fetch it again and wait for it before they
// run (between the app's code and its first render of /checkout).
function inlineStylesheet(): Plugin {
  const inlined = new Set<string>()
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    renderChunk(_code, chunk) {
      if (!chunk.isEntry) return null
      for (const fileName of chunk.viteMetadata?.importedCss ?? []) inlined.add(fileName)
      chunk.viteMetadata?.importedCss.clear()
      return null
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {}
        const styles = [...inlined].map((fileName) => bundle[fileName]).filter((file): file is OutputAsset => file?.type === 'asset')
        if (styles.length === 0 || styles.length !== inlined.size) this.error('inline-stylesheet: the entry has no stylesheet in the bundle')
        const inline = styles.map((asset) => `<style>${String(asset.source)}</style>`).join('')
        return html.replace('</head>', fontPreloads(bundle) + inline + '</head>')
      },
    },
  }
}

// The two faces the pages paint with (src/index.css: the basic Latin cuts),
// asked for with the page instead of once the stylesheet has laid out text:
// a page rendered by the server paints at once, and a font that came later would swap
// in and shift the text (layout shift).
function fontPreloads(bundle: OutputBundle): string {
  const faces = Object.keys(bundle).filter((name) => /^assets\/(nunito|fredoka)-basic-wght-[\w-]+\.woff2$/.test(name))
  if (faces.length !== 2) throw new Error(`font preloads: found ${faces.join(', ') || 'no faces'}, want the two basic cuts`)
  return faces.map((name) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${name}">`).join('')
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

// The installable app: its manifest and the service worker (src/sw.ts).
// injectManifest rather than generateSW: the worker's routes read each kept
// storybook's own cache and answer the reader's pages offline, which is code
// (src/sw/handlers.ts, tested), not configuration. Workbox precaches the
// built code, styles, the two faces' cuts the pages paint with and the
// plain page (the offline reader's shell); nothing of a user's. The app
// registers the worker itself once its page is rendered (lib/offline/start.ts).
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'Siso & Friends',
      short_name: 'Siso & Friends',
      description: "Siso & Friends: the destination for the best children's books and magical reading experiences.",
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#f97316', // tiger-500, as index.html's theme-color
      background_color: '#fffaf2', // cream, the splash's
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['assets/*.{js,css}', 'assets/*-basic-wght-*.woff2', 'index.html', 'favicon.svg'],
      // The build's .gz and .br copies are how the server sends the files, not files of their own.
      globIgnores: ['**/*.gz', '**/*.br'],
    },
  })
}

// The build lands in internal/webapp/dist, where the Go binary embeds it.
// The server's bundle, which renders the pages, has its own configuration
// (vite.server.config.ts).
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), routeManifest(), inlineStylesheet(), precompress(), installableApp()],
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
}))
