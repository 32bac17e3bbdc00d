import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { IncomingHttpHeaders } from 'node:http'
import { aiDrafts } from '../../db/schema.js'
import { eventsOf, fakeProvider, setUsage, streamed, usedBy } from '../../test/ai-calls.js'
import { anthropicPromptOf, startFakeAnthropic } from '../../test/fake-anthropic.js'
import { promptOf, startFakeOpenAi } from '../../test/fake-openai.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

/*
 * OpenAI and Anthropic (decision 011), each behind a fake speaking its own wire format: OpenAI's
 * Chat Completions stream of `chat.completion.chunk`s, Anthropic's Messages stream of
 * `message_start`, `content_block_delta`s and `message_stop`. A draft asked for on the app's
 * route goes through the real provider package to the fake and back to the user as the app's
 * own events, and a provider's failure reaches the user as the same clear error as with an
 * OpenAI-compatible server (ai.test.ts).
 */

const ADA = 'ada@example.com'
const REPLY =
  'Hi Ana,\n\nThanks for sending the figures. I will read them tonight.\n\nBest,\nAda Lovelace'

/** What a test needs of a fake, whichever provider it plays. */
type Fake = {
  url: string
  /** Each request: the model asked for, its prompt text, its output cap, and its headers. */
  seen: () => { model: string; prompt: string; maxTokens: unknown; headers: IncomingHttpHeaders }[]
  failWith: (status: number) => void
  /** Fails once the first words have gone out, the way the provider does. */
  failMidStream: () => void
  reset: () => void
  close: () => Promise<void>
}

const PROVIDERS = [
  {
    provider: 'openai' as const,
    model: 'gpt-4o-mini',
    async start(): Promise<Fake> {
      const fake = await startFakeOpenAi({ reply: () => REPLY, tokensPerSecond: 1000 })
      return {
        url: fake.url,
        seen: () =>
          fake.requests.map((request, i) => ({
            model: request.model,
            prompt: promptOf(request),
            maxTokens: request.max_tokens ?? request.max_completion_tokens,
            headers: fake.headers[i]!,
          })),
        failWith: (status) => fake.set({ failure: { kind: 'status', status } }),
        failMidStream: () => fake.set({ failure: { kind: 'drop', afterTokens: 3 } }),
        reset: () => fake.reset(),
        close: () => fake.close(),
      }
    },
    /** OpenAI's key travels as a bearer token. */
    keyIn: (headers: IncomingHttpHeaders) => headers.authorization,
    expectedKey: 'Bearer test-key',
  },
  {
    provider: 'anthropic' as const,
    model: 'claude-3-5-haiku-latest',
    async start(): Promise<Fake> {
      const fake = await startFakeAnthropic({ reply: () => REPLY, tokensPerSecond: 1000 })
      return {
        url: fake.url,
        seen: () =>
          fake.requests.map(({ body, headers }) => ({
            model: body.model,
            prompt: anthropicPromptOf(body),
            maxTokens: body.max_tokens,
            headers,
          })),
        failWith: (status) =>
          fake.set({
            failure: {
              kind: 'status',
              status,
              type: status === 401 ? 'authentication_error' : 'api_error',
            },
          }),
        // Anthropic reports overload inside a stream already answered 200, as an `error` event.
        failMidStream: () =>
          fake.set({
            failure: {
              kind: 'stream-error',
              afterTokens: 3,
              type: 'overloaded_error',
              message: 'Overloaded',
            },
          }),
        reset: () => fake.reset(),
        close: () => fake.close(),
      }
    },
    /** Anthropic's key travels in its own header, with the API version beside it. */
    keyIn: (headers: IncomingHttpHeaders) => headers['x-api-key'],
    expectedKey: 'test-key',
  },
]

describe.each(PROVIDERS)('the $provider provider', (spec) => {
  let fake: Fake
  let h: Harness
  let ada: string

  beforeAll(async () => {
    fake = await spec.start()
    h = await startHarness({
      config: {
        // maxRetries 0: one request per draft, so what the fake saw is that draft's request.
        ai: fakeProvider(fake.url, { provider: spec.provider, model: spec.model, maxRetries: 0 }),
      },
    })
    ada = (await signIn(h, ADA)).session!
  })
  afterAll(async () => {
    await h?.close()
    await fake?.close()
  })
  beforeEach(async () => {
    fake.reset()
    await setUsage(h, ADA, 0, new Date())
  })

  it('streams a draft to the user word by word, and records it with its token counts', async () => {
    const response = await streamed(h, ada, '/api/ai/generate-email', {
      contactName: 'Ana',
      userInput: 'Thank Ana for the figures, I will read them tonight',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/event-stream')
    const events = eventsOf(response.body)
    const start = events[0]
    const done = events.at(-1)
    if (start?.type !== 'start' || done?.type !== 'done') {
      throw new Error(`not a whole stream: ${response.body.slice(0, 500)}`)
    }
    expect(start.writer).toEqual({ provider: spec.provider, model: spec.model, offline: false })
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []))
    // Word by word as the provider sent them, not one block at the end.
    expect(deltas.length).toBeGreaterThan(5)
    expect(deltas.join('')).toBe(done.draft.content)
    expect(done.draft.content).toContain('Thanks for sending the figures.')
    expect(await usedBy(h, ADA)).toBe(1)

    // The request went out in the provider's own format, with what the app asks of every model.
    const [request, ...more] = fake.seen()
    expect(more).toEqual([])
    expect(request!.model).toBe(spec.model)
    expect(spec.keyIn(request!.headers)).toBe(spec.expectedKey)
    if (spec.provider === 'anthropic') expect(request!.headers['anthropic-version']).toBeTruthy()
    expect(request!.maxTokens).toBe(800)
    expect(request!.prompt).toContain('Thank Ana for the figures')

    const [row] = await h.db.select().from(aiDrafts).where(eq(aiDrafts.id, start.draftId))
    expect(row).toMatchObject({ status: 'draft', aiDraft: done.draft.content })
    // The usage came back in the provider's own fields and was read.
    expect(row!.outputTokens).toBe(REPLY.match(/\S+/g)!.length)
    expect(row!.inputTokens).toBeGreaterThan(0)
  })

  it('says a provider error clearly on a streamed draft, and gives the credit back', async () => {
    fake.failWith(401)
    const response = await streamed(h, ada, '/api/ai/smart-reply', {
      originalEmailBody: 'Could you send me the figures by Friday?',
    })
    const events = eventsOf(response.body)
    expect(events.map((e) => e.type)).toEqual(['start', 'error'])
    expect(events[1]).toMatchObject({
      error: { code: 'ai_provider_error', message: 'Failed to generate smart reply' },
    })
    expect(fake.seen()).toHaveLength(1)
    expect(await usedBy(h, ADA)).toBe(0)
  })

  it('answers a provider 500 with the 502 the web app shows, and gives the credit back', async () => {
    fake.failWith(500)
    const response = await h.call(ada, 'POST', '/api/ai/generate-email', {
      contactName: 'Ana',
      userInput: 'Say thanks',
    })
    expect(response.statusCode).toBe(502)
    expect(response.json().error).toEqual({
      code: 'ai_provider_error',
      message: 'Failed to generate AI email',
    })
    expect(await usedBy(h, ADA)).toBe(0)
  })

  it('says a failure after the first words clearly, and gives the credit back', async () => {
    fake.failMidStream()
    const response = await streamed(h, ada, '/api/ai/generate-email', {
      contactName: 'Ana',
      userInput: 'Say thanks',
    })
    const events = eventsOf(response.body)
    expect(events[0]?.type).toBe('start')
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(0)
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'ai_provider_error', message: 'Failed to generate AI email' },
    })
    expect(await usedBy(h, ADA)).toBe(0)
  })
})
