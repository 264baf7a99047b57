import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath, URL } from 'node:url'

// The build lands in internal/webapp/dist, where the Go binary embeds it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
