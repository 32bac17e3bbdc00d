import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The API server's port in development; `npm run dev` sets it (scripts/dev.mjs).
const apiPort = process.env.INKWELL_API_PORT ?? '3000'
const apiTarget = `http://127.0.0.1:${apiPort}`

/**
 * The inbox is the screen most starts open on. Its code is a chunk of its own (decision 036),
 * which the entry asks for only once it has run, through links the bundler's preload helper
 * then adds to the page one by one. Listed in index.html instead, the chunk and what it imports
 * load beside the entry, and the helper finds them there (decision 061).
 */
function preloadInboxScreen(): Plugin {
  const screen = '/src/web/features/mail/components/inbox-screen.tsx'
  return {
    name: 'inkwell:preload-inbox-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path: page, bundle }) {
        if (page !== '/index.html' || !bundle) return html
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(screen))
        if (!entry) throw new Error(`No chunk for ${screen}: the inbox is no longer lazy?`)
        const files = new Set<string>()
        const add = (file: string) => {
          if (files.has(file)) return
          files.add(file)
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? [])
            add(imported)
        }
        add(entry.fileName)
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), preloadInboxScreen()],
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
