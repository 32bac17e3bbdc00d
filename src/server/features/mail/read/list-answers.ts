import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

/** The encoding to answer in: brotli, else gzip, else none, as Accept-Encoding allows. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const allowed = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    allowed.set(name, q === undefined ? 1 : Number(q))
  }
  const accepts = (name: string) => (allowed.get(name) ?? allowed.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return 'identity'
}

type Entry = { bytes: number; encoded: Map<Encoding, Promise<Buffer>> }

function encode(entry: Entry, encoding: Encoding): Promise<Buffer> {
  let bytes = entry.encoded.get(encoding)
  if (!bytes) {
    const raw = entry.encoded.get('identity')!
    // Brotli at quality 4, as @fastify/compress answers the rest (decision 024).
    bytes = raw.then((json) =>
      encoding === 'br'
        ? brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipAsync(json),
    )
    entry.encoded.set(encoding, bytes)
  }
  return bytes
}

const entryOf = (json: string): Entry => ({
  bytes: Buffer.byteLength(json),
  encoded: new Map([['identity', Promise.resolve(Buffer.from(json))]]),
})

/**
 * Built list pages, kept by user and ETag (decision 038), in the encodings asked for. An ETag
 * names everything the page shows (the mailbox's version, the sync state, the query), so a
 * page kept under it is the page a new build would make: a client without the ETag (a new tab,
 * a second device, a reload that lost the browser's cache) gets it without the page being
 * queried, presented or compressed again. Concurrent first asks share one build.
 *
 * Least recently used pages go first once `maxBytes` of JSON is held.
 */
export function createListAnswers(options: { maxBytes: number }) {
  const entries = new Map<string, Entry>()
  const building = new Map<string, Promise<Entry>>()
  let held = 0

  function keep(key: string, entry: Entry) {
    if (entries.has(key) || entry.bytes > options.maxBytes) return
    entries.set(key, entry)
    held += entry.bytes
    for (const [oldest, old] of entries) {
      if (held <= options.maxBytes) break
      entries.delete(oldest)
      held -= old.bytes
    }
  }

  return {
    /**
     * The user's page under `etag`, in `encoding`: the kept one, else `build`'s JSON (run once
     * for concurrent asks), kept from then on.
     */
    async answer(
      userId: string,
      etag: string,
      encoding: Encoding,
      build: () => Promise<string>,
    ): Promise<Buffer> {
      const key = `${userId}\n${etag}`
      let entry = entries.get(key)
      if (entry) {
        // Most recently used last: the eviction above walks from the front.
        entries.delete(key)
        entries.set(key, entry)
      } else {
        let pending = building.get(key)
        if (!pending) {
          pending = build()
            .then(entryOf)
            .finally(() => building.delete(key))
          building.set(key, pending)
        }
        entry = await pending
        keep(key, entry)
      }
      return encode(entry, encoding)
    },
  }
}

export type ListAnswers = ReturnType<typeof createListAnswers>
