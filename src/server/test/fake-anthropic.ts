import http from 'node:http'

/** One Messages API request as the fake received it. */
export type MessagesRequest = {
  model: string
  stream?: boolean
  max_tokens: number
  system?: string | { type: string; text: string }[]
  messages: { role: string; content: string | { type: string; text?: string }[] }[]
  [key: string]: unknown
}

/**
 * What goes wrong, if anything: an HTTP error in Anthropic's error shape, no answer at all, a
 * cut connection, or an `error` event in the middle of a stream (Anthropic sends
 * `overloaded_error` that way once the 200 has gone out).
 */
export type FakeAnthropicFailure =
  | { kind: 'status'; status: number; type?: string; message?: string }
  | { kind: 'hang' }
  | { kind: 'drop'; afterTokens: number }
  | { kind: 'stream-error'; afterTokens: number; type: string; message: string }

export type FakeAnthropicOptions = {
  /** Tokens (words) a second; Infinity sends them all at once. */
  tokensPerSecond?: number
  /** The reply's text for a request. */
  reply?: (request: MessagesRequest) => string
  failure?: FakeAnthropicFailure | null
}

const DEFAULT_REPLY =
  'Dear Ana,\n\nThank you for the update. The report looks good.\n\nBest regards,\nAda'

/** The text of a request's system prompt and messages, for assertions on the prompt. */
export function anthropicPromptOf(request: MessagesRequest): string {
  const text = (content: string | { type: string; text?: string }[] | undefined) =>
    typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('')
  return [text(request.system), ...request.messages.map((m) => text(m.content))].join('\n')
}

/**
 * A fake Anthropic over real HTTP: `POST /v1/messages` answers as the Messages API does, with
 * `x-api-key` and `anthropic-version` required. Streamed, it sends the event sequence of
 * https://docs.anthropic.com/en/api/messages-streaming: `message_start`, `content_block_start`,
 * `ping`, one `content_block_delta` (`text_delta`) per token, `content_block_stop`,
 * `message_delta` (stop reason and output tokens) and `message_stop`, each as an `event:` line
 * and a `data:` line. It records every request with its headers.
 */
export async function startFakeAnthropic(initial: FakeAnthropicOptions = {}) {
  let options: FakeAnthropicOptions = { ...initial }
  const requests: { body: MessagesRequest; headers: http.IncomingHttpHeaders }[] = []
  let completed = 0

  const error = (res: http.ServerResponse, status: number, type: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ type: 'error', error: { type, message } }))
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/messages') {
        return error(res, 404, 'not_found_error', `Not found: ${req.method} ${req.url}`)
      }
      if (!req.headers['x-api-key']) {
        return error(res, 401, 'authentication_error', 'x-api-key header is required')
      }
      if (!req.headers['anthropic-version']) {
        return error(res, 400, 'invalid_request_error', 'anthropic-version header is required')
      }
      let body: MessagesRequest
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest
      } catch {
        return error(res, 400, 'invalid_request_error', 'The request body is not valid JSON')
      }
      if (typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
        return error(res, 400, 'invalid_request_error', 'max_tokens and messages are required')
      }
      requests.push({ body, headers: req.headers })
      answer(body, res)
    })
  })

  function answer(body: MessagesRequest, res: http.ServerResponse) {
    const { failure = null, tokensPerSecond = Infinity } = options
    if (failure?.kind === 'status') {
      return error(
        res,
        failure.status,
        failure.type ?? 'api_error',
        failure.message ?? 'Internal server error',
      )
    }
    const text = (options.reply ?? (() => DEFAULT_REPLY))(body)
    const tokens = text.match(/\s*\S+/g) ?? []
    const inputTokens = Math.ceil(anthropicPromptOf(body).length / 4)
    const message = {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body.model,
      stop_sequence: null,
    }

    if (!body.stream) {
      if (failure?.kind === 'hang') return
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          ...message,
          content: [{ type: 'text', text }],
          stop_reason: 'end_turn',
          usage: { input_tokens: inputTokens, output_tokens: tokens.length },
        }),
      )
      completed++
      return
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.flushHeaders()
    const timers: NodeJS.Timeout[] = []
    res.on('close', () => timers.forEach(clearTimeout))
    if (failure?.kind === 'hang') return
    const send = (event: string, data: object) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`)

    send('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    })
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
    send('ping', {})
    const gap = Number.isFinite(tokensPerSecond) ? 1000 / tokensPerSecond : 0
    tokens.forEach((token, index) => {
      timers.push(
        setTimeout(() => {
          if (failure?.kind === 'drop' && index === failure.afterTokens) {
            res.destroy()
            return
          }
          if (failure?.kind === 'stream-error' && index === failure.afterTokens) {
            send('error', { error: { type: failure.type, message: failure.message } })
            res.end()
            return
          }
          send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: token } })
          if (index === tokens.length - 1) {
            send('content_block_stop', { index: 0 })
            send('message_delta', {
              delta: { stop_reason: 'end_turn', stop_sequence: null },
              usage: { output_tokens: tokens.length },
            })
            send('message_stop', {})
            completed++
            res.end()
          }
        }, index * gap),
      )
    })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    /** The base URL a client is configured with (AI_BASE_URL), as Anthropic's own ends in /v1. */
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get completed() {
      return completed
    },
    /** Changes the behaviour for the next requests. */
    set(next: FakeAnthropicOptions) {
      options = { ...options, ...next }
    },
    reset() {
      options = { ...initial }
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeAnthropic = Awaited<ReturnType<typeof startFakeAnthropic>>
