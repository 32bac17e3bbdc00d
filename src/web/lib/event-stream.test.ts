import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { eventStreamData, postEventStream } from './event-stream'

afterEach(() => vi.unstubAllGlobals())

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of source) out.push(item)
  return out
}

/** A streamed Response whose body yields `parts` as separate byte chunks. */
function streamed(parts: Uint8Array[], init: ResponseInit = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
      controller.close()
    },
  })
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    ...init,
  })
}

describe('reading an event stream', () => {
  it('joins a line split across chunks, even mid-field-name and mid-CRLF', async () => {
    const data = await collect(
      eventStreamData(chunks('da', 'ta: {"a":', '1}\r', '\n\r\ndata: two\n', '\n')),
    )
    expect(data).toEqual(['{"a":1}', 'two'])
  })

  it('joins multi-line data with newlines and ignores comments and other fields', async () => {
    const data = await collect(
      eventStreamData(chunks(': keep-alive\n', 'event: x\nid: 7\ndata: one\ndata:two\n\n')),
    )
    expect(data).toEqual(['one\ntwo'])
  })

  it('does not dispatch an event that has no data, nor an unterminated last one', async () => {
    const data = await collect(eventStreamData(chunks('\n\nevent: ping\n\ndata: cut')))
    expect(data).toEqual([])
  })

  it('decodes a multi-byte character split between byte chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"señor"}\n\n')
    const at = bytes.indexOf(0xc3) + 1
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed([bytes.slice(0, at), bytes.slice(at)])),
    )
    const events = await collect(postEventStream('/api/x', {}, (d) => d as { text: string }))
    expect(events).toEqual([{ text: 'señor' }])
  })

  it('asks for an event stream and raises a refused call as ApiError before any event', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"error":{"code":"ai_limit_reached","message":"No credits"}}', {
          status: 429,
        }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const error = await collect(postEventStream('/api/x', { a: 1 }, (d) => d)).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(429)
    const init = fetchMock.mock.calls[0]?.[1]
    expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream')
  })

  it('ends with an AbortError, mid-stream, when the caller aborts', async () => {
    const controller = new AbortController()
    // What fetch does with its signal: an abort errors the body being read.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('data: 1\n\n'))
            init.signal?.addEventListener('abort', () =>
              stream.error(new DOMException('The user aborted a request.', 'AbortError')),
            )
          },
        })
        return new Response(body)
      }),
    )
    const seen: unknown[] = []
    const reading = (async () => {
      for await (const event of postEventStream('/api/x', {}, (d) => d, controller.signal)) {
        seen.push(event)
        controller.abort()
      }
    })()
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(seen).toEqual([1])
  })
})
