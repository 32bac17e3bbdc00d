import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftStreamEvent, GeneratedDraft } from '../../../contract/ai.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../test/harness.js'
import { detectLanguage } from './eval/checks.js'

let h: Harness
let ada: string

// No AI provider configured: the demo's and the tests' default (decisions 030 and 011).
beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
})
afterAll(async () => h?.close())

describe('generation with no provider configured', () => {
  it('answers with the offline writer, labelled as such, in the contact’s language', async () => {
    const contact = await h.call(ada, 'POST', '/api/contacts', {
      name: 'Ana García',
      email: 'ana@example.com',
      language: 'spanish',
      formality: 'informal',
      greeting: 'Hola',
      signoff: 'Un abrazo',
    })
    const response = await h.call(ada, 'POST', '/api/ai/generate-email', {
      contactId: contact.json().id,
      userInput: 'Ask for the Q3 report by Friday',
    })
    expect(response.statusCode).toBe(200)
    const draft: GeneratedDraft = response.json()
    expect(draft.writer).toEqual({ provider: 'offline', model: 'offline-writer', offline: true })
    expect(draft.content.startsWith('Hola Ana,')).toBe(true)
    expect(draft.content).toContain('Un abrazo,\nAda Lovelace')
    expect(detectLanguage(draft.content)).toBe('es')
  })

  it('streams the offline writer’s draft word by word', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/ai/smart-reply',
      payload: { originalEmailBody: 'Could you send me the slides?', contactName: 'Grace' },
      headers: { ...sameOrigin, accept: 'text/event-stream' },
      cookies: { inkwell_session: ada },
    })
    const events = response.body
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .map((b) => JSON.parse(b.slice(6)) as DraftStreamEvent)
    expect(events[0]).toMatchObject({ type: 'start', writer: { offline: true } })
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(20)
    const done = events.at(-1)
    expect(done?.type).toBe('done')
    if (done?.type === 'done') {
      expect(done.draft.smartReply).toBe(done.draft.content)
      expect(done.draft.content).toContain('question')
    }
  })
})
