import { throwIfNotOk } from './api-client'

/**
 * Server-sent events over `fetch` (EventSource can neither POST a body nor be cancelled by an
 * AbortSignal). Only what our streams use is read: `data:` fields, with comments and other
 * fields ignored, as the HTML standard's event-stream parser does.
 */

/** The `data` of each event in `chunks`, whatever the chunk boundaries (mid-line included). */
export async function* eventStreamData(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = ''
  let data: string[] = []
  for await (const chunk of chunks) {
    pending += chunk
    // A trailing '\r' may be the first half of '\r\n': wait for the next chunk to know.
    const lines = pending.split(/\r\n|\r(?!$)|\n/)
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (line === '') {
        // A blank line ends the event; an event without data is not dispatched.
        if (data.length > 0) yield data.join('\n')
        data = []
      } else if (line.startsWith('data')) {
        const field = line.indexOf(':') === -1 ? line : line.slice(0, line.indexOf(':'))
        if (field !== 'data') continue
        const value = line.slice(field.length + 1)
        data.push(value.startsWith(' ') ? value.slice(1) : value)
      }
    }
  }
  // An unterminated last event is dropped, as the standard says: it may be cut off.
}

async function* decodedChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader()
  // `stream: true` keeps a multi-byte character split between chunks for the next one.
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield decoder.decode(value, { stream: true })
    }
  } finally {
    // Stopping early (a cancel, a parse error) closes the request too.
    await reader.cancel().catch(() => undefined)
  }
}

/**
 * POSTs `body` as JSON asking for an event stream and yields each event, read by `parse`
 * (the caller's contract schema). A non-OK answer throws ApiError before any event, like every
 * other call; aborting `signal` closes the request, which the server takes as a cancel.
 */
export async function* postEventStream<T>(
  url: string,
  body: unknown,
  parse: (data: unknown) => T,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  })
  await throwIfNotOk(response)
  if (!response.body) throw new Error('The answer has no body to stream')
  for await (const data of eventStreamData(decodedChunks(response.body))) {
    yield parse(JSON.parse(data))
  }
}
