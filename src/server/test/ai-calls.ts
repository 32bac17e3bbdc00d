/**
 * What the AI tests share: the app with the fake OpenAI-compatible server as its provider,
 * streamed calls and their events, and the system and user messages a fake request carried.
 */
import { eq } from 'drizzle-orm'
import type { DraftStreamEvent } from '../../contract/ai.js'
import type { AiConfig } from '../config.js'
import { users } from '../db/schema.js'
import { sameOrigin, type Harness } from './harness.js'
import type { ChatRequest } from './fake-openai.js'

/** The provider settings of a harness whose model is the fake at `url`. */
export function fakeProvider(url: string, limits: Partial<AiConfig> = {}): AiConfig {
  return {
    provider: 'openai-compatible',
    baseUrl: url,
    model: 'fake-model',
    apiKey: 'test-key',
    timeoutMs: 5000,
    maxRetries: 1,
    maxOutputTokens: 800,
    ...limits,
  } as AiConfig
}

/** The events of a streamed answer, parsed from its `data:` lines. */
export function eventsOf(body: string): DraftStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as DraftStreamEvent)
}

/** A generation asked for as a stream, as the web app asks for it. */
export function streamed(h: Harness, session: string, url: string, body: object) {
  return h.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...sameOrigin, accept: 'text/event-stream' },
    cookies: { inkwell_session: session },
  })
}

/** The text of one role's messages in a request to the fake. */
export function messagesOf(request: ChatRequest, role: 'system' | 'user'): string {
  return request.messages
    .filter((m) => m.role === role)
    .map((m) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(''),
    )
    .join('\n')
}

/** The lines strictly between two marker lines of a prompt, or null when they are not both there. */
export function between(prompt: string, start: string, end: string): string | null {
  const from = prompt.indexOf(`\n${start}\n`)
  const to = prompt.indexOf(`\n${end}`, from + 1)
  return from === -1 || to === -1 ? null : prompt.slice(from + start.length + 2, to)
}

export async function setUsage(h: Harness, email: string, used: number, lastReset: Date) {
  await h.db
    .update(users)
    .set({ aiEmailsUsedThisMonth: used, lastUsageReset: lastReset })
    .where(eq(users.email, email))
}

export async function usedBy(h: Harness, email: string): Promise<number> {
  const [row] = await h.db.select().from(users).where(eq(users.email, email))
  return row!.aiEmailsUsedThisMonth
}
