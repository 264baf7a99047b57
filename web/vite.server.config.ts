import { defaultClientConditions, defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath, URL } from 'node:url'

// The server's bundle: src/entry-server.tsx and the whole app as one script
// (an IIFE that sets the global SSR), which the Go binary embeds and runs in
// an embedded JavaScript engine to render pages at run time (internal/render).
// Built after the app: `npx vite build -c vite.server.config.ts`.
//
// A server build (no preload helper, no injected styles, no pictures
// written: the app's build has those) of the browser's modules: everything
// bundled in, resolved with the browser's conditions, so an imported
// picture gets the same hashed URL as in the app and the HTML hydrates.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // React picks its production build by this, which a server build leaves to Node.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    target: 'webworker',
    noExternal: true,
    resolve: { conditions: [...defaultClientConditions] },
  },
  build: {
    ssr: fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)),
    outDir: '../internal/render/dist',
    emptyOutDir: false, // the folder keeps its .keep, for a build without the script
    copyPublicDir: false,
    minify: true,
    reportCompressedSize: false,
    rollupOptions: {
      output: { format: 'iife', name: 'SSR', entryFileNames: 'server.js' },
    },
  },
})
