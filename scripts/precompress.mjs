// Runs after `vite build`: writes `<file>.br` and `<file>.gz` beside each hashed JS, CSS and SVG
// asset, so the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing the same bytes again on every request (decision 036).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// The web root is dist/web unless given (the server's tests precompress their own).
const assets = path.resolve(process.argv[2] ?? 'dist/web', 'assets')
// Smaller files gain nothing worth a second file: a response's headers are about this size.
const MIN_BYTES = 1024

let written = 0
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue
  const file = path.join(assets, name)
  const bytes = readFileSync(file)
  if (bytes.length < MIN_BYTES) continue
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  )
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  written += 1
}
console.log(`[inkwell] Precompressed ${written} assets (br, gz)`)
