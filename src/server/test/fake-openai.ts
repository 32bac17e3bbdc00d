import http from 'node:http'

/** One chat-completions request as the fake received it. */
export type ChatRequest = {
  model: string
  stream?: boolean
  messages: { role: string; content: string | { type: string; text?: string }[] }[]
  tools?: unknown
  [key: string]: unknown
}

/** What goes wrong, if anything: an HTTP error, no answer at all, or a cut mid-stream. */
export type FakeFailure =
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'drop'; afterTokens: number }

export type FakeOpenAiOptions = {
  /** Milliseconds before the first token (the response headers go out at once). */
  firstTokenDelayMs?: number
  /** Tokens (words) a second after the first; Infinity sends them all at once. */
  tokensPerSecond?: number
  /** The reply's text for a request. */
  reply?: (request: ChatRequest) => string
  failure?: FakeFailure | null
}

const DEFAULT_REPLY =
  'Dear Ana,\n\nThank you for the update. The report looks good.\n\nBest regards,\nAda'

/** The text of a request's messages, all roles, for assertions on the prompt. */
export function promptOf(request: ChatRequest): string {
  return request.messages
    .map((m) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''),
    )
    .join('\n')
}

/**
 * A fake OpenAI-compatible server over real HTTP: `/v1/chat/completions` answers in the SSE
 * chat-completions format (or JSON without `stream`), with a configurable first-token delay,
 * token rate and failures. It records every request and every call the client abandoned.
 */
export async function startFakeOpenAi(initial: FakeOpenAiOptions = {}) {
  let options: FakeOpenAiOptions = { ...initial }
  const requests: ChatRequest[] = []
  /** Each request's headers, in the order of `requests`: the key is sent as OpenAI expects. */
  const headers: http.IncomingHttpHeaders[] = []
  /** Streams the client closed before the end: the provider call was really cancelled. */
  let abandoned = 0
  let completed = 0

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'not found' } }))
        return
      }
      let body: ChatRequest
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'bad json' } }))
        return
      }
      requests.push(body)
      headers.push(req.headers)
      answer(body, res)
    })
  })

  function answer(body: ChatRequest, res: http.ServerResponse) {
    const { failure = null, firstTokenDelayMs = 0, tokensPerSecond = Infinity } = options
    if (failure?.kind === 'status') {
      res.writeHead(failure.status, { 'content-type': 'application/json' })
      res.end(
        failure.body ??
          JSON.stringify({ error: { message: 'injected failure', type: 'server_error' } }),
      )
      return
    }
    const text = (options.reply ?? (() => DEFAULT_REPLY))(body)
    const tokens = text.match(/\s*\S+/g) ?? []
    const usage = {
      prompt_tokens: Math.ceil(promptOf(body).length / 4),
      completion_tokens: tokens.length,
    }
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model }

    if (!body.stream) {
      if (failure?.kind === 'hang') return
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
            ],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        )
        completed++
      }, firstTokenDelayMs)
      return
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.flushHeaders()
    let finished = false
    const timers: NodeJS.Timeout[] = []
    res.on('close', () => {
      timers.forEach(clearTimeout)
      if (!finished) abandoned++
    })
    if (failure?.kind === 'hang') return
    const send = (payload: object) =>
      res.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...payload })}\n\n`,
      )
    const gap = Number.isFinite(tokensPerSecond) ? 1000 / tokensPerSecond : 0
    tokens.forEach((token, index) => {
      timers.push(
        setTimeout(
          () => {
            if (failure?.kind === 'drop' && index === failure.afterTokens) {
              finished = true
              res.destroy()
              return
            }
            const delta = index === 0 ? { role: 'assistant', content: token } : { content: token }
            send({ choices: [{ index: 0, delta, finish_reason: null }] })
            if (index === tokens.length - 1) {
              send({
                choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
                usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
              })
              res.write('data: [DONE]\n\n')
              finished = true
              completed++
              res.end()
            }
          },
          firstTokenDelayMs + index * gap,
        ),
      )
    })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    /** The base URL a client is configured with (AI_BASE_URL). */
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    get abandoned() {
      return abandoned
    },
    get completed() {
      return completed
    },
    /** Changes the behaviour for the next requests. */
    set(next: FakeOpenAiOptions) {
      options = { ...options, ...next }
    },
    reset() {
      options = { ...initial }
      requests.length = 0
      headers.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>
