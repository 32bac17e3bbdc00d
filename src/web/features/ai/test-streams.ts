import type { DraftStreamEvent } from '../../../contract/ai'

/** Test support: the server's event-stream answers, as `fetch` mocks return them. */

/** A whole stream at once. */
export const sse = (events: DraftStreamEvent[]) =>
  new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  })

export type StreamControl = {
  response: Response
  /** Sends one event now. */
  push: (event: DraftStreamEvent) => void
  /** Whether the page closed the request (its signal aborted), as a Stop does. */
  aborted: () => boolean
}

/**
 * A stream the test feeds event by event. Aborting the request's signal fails the body's read
 * with an AbortError, as a real fetch does (a mocked fetch does nothing with the signal).
 */
export function streamControl(signal: AbortSignal | undefined): StreamControl {
  const encoder = new TextEncoder()
  let body!: ReadableStreamDefaultController<Uint8Array>
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) })
  signal?.addEventListener('abort', () =>
    body.error(new DOMException('The operation was aborted.', 'AbortError')),
  )
  return {
    response: new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    push: (event) => body.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    aborted: () => signal?.aborted ?? false,
  }
}
