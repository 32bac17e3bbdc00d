import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The API server's port in development; `npm run dev` sets it (scripts/dev.mjs).
const apiPort = process.env.INKWELL_API_PORT ?? '3000'
const apiTarget = `http://127.0.0.1:${apiPort}`

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // Two entries: the app, and the prerendered public pages with their own small script
    // (decision 017); scripts/prerender.mjs turns site.html into one document per page.
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'src/web/index.html'),
        site: path.resolve(import.meta.dirname, 'src/web/site.html'),
      },
    },
  },
  server: {
    port: Number(process.env.INKWELL_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/auth/google': { target: apiTarget, changeOrigin: false },
    },
  },
})
