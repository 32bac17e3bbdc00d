import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DraftStreamEvent, GeneratedDraft, ReplyOption } from '../../../contract/ai.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../test/harness.js'
import { detectLanguage } from './eval/checks.js'
import { sharedRun } from './writer/text.js'

let h: Harness
let ada: string
let ana: string

// No AI provider configured: the demo's and the tests' default (decisions 030, 011 and 045).
beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
  const contact = await h.call(ada, 'POST', '/api/contacts', {
    name: 'Ana García',
    email: 'ana@example.com',
    language: 'spanish',
    formality: 'informal',
    greeting: 'Hola',
    signoff: 'Un abrazo',
  })
  ana = contact.json().id
})
afterAll(async () => h?.close())

describe('generation with no provider configured', () => {
  it('writes a compose draft with its subject, in the contact’s language, from the offline writer', async () => {
    const request = 'Ask for the Q3 report by Friday'
    const response = await h.call(ada, 'POST', '/api/ai/generate-email', {
      contactId: ana,
      userInput: request,
    })
    expect(response.statusCode).toBe(200)
    const draft: GeneratedDraft = response.json()
    expect(draft.writer).toEqual({ provider: 'offline', model: 'offline-writer', offline: true })
    expect(draft.subject).toBe('Informe Q3 para el viernes')
    expect(draft.content.startsWith('Hola Ana,\n\n')).toBe(true)
    expect(draft.content).toMatch(/informe Q3/)
    expect(draft.content).toMatch(/para el viernes/i)
    expect(draft.content).toContain('Un abrazo,\nAda Lovelace')
    expect(detectLanguage(draft.content)).toBe('es')
    expect(sharedRun(draft.content, request)).toBeNull()
    expect(draft.notice ?? null).toBeNull()
  })

  it('ends with the sign-off alone when the Gmail signature goes under the draft', async () => {
    const response = await h.call(ada, 'POST', '/api/ai/generate-email', {
      contactId: ana,
      userInput: 'Ask for the Q3 report by Friday',
      signedBelow: true,
    })
    const draft: GeneratedDraft = response.json()
    // The signature under it carries the name: no "Ada Lovelace" twice.
    expect(draft.content.trimEnd().endsWith('Un abrazo,')).toBe(true)
    expect(draft.content).not.toContain('Ada Lovelace')
  })

  it('gives a different draft when asked again', async () => {
    const ask = async () =>
      (
        await h.call(ada, 'POST', '/api/ai/generate-email', {
          contactId: ana,
          userInput: 'Thank her for the slides',
        })
      ).json() as GeneratedDraft
    const drafts = []
    for (let i = 0; i < 6; i++) drafts.push(await ask())
    // Each ask draws its own variation (a thank-you has about ten, not all as likely: three asks
    // once gave one text); six asks giving one text would mean the variation is not read.
    expect(new Set(drafts.map((d) => d.content)).size).toBeGreaterThan(1)
  })

  it('tells the user, beside the draft, what it left out', async () => {
    const response = await h.call(ada, 'POST', '/api/ai/generate-email', {
      contactId: ana,
      userInput: 'Ask for the signed security questionnaire by Friday',
    })
    const draft: GeneratedDraft = response.json()
    expect(draft.content).not.toMatch(/security/i)
    expect(draft.content).toContain('cuestionario firmado')
    expect(draft.notice).toMatch(/could not put “security”.*into Spanish.*Settings/)
  })

  it('streams a smart reply that answers the question, word by word', async () => {
    const original = 'Could you send me the slides before Friday?'
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/ai/smart-reply',
      payload: { originalEmailBody: original, contactName: 'Grace' },
      headers: { ...sameOrigin, accept: 'text/event-stream' },
      cookies: { inkwell_session: ada },
    })
    const events = response.body
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .map((b) => JSON.parse(b.slice(6)) as DraftStreamEvent)
    expect(events[0]).toMatchObject({ type: 'start', writer: { offline: true } })
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(10)
    const done = events.at(-1)
    expect(done?.type).toBe('done')
    if (done?.type !== 'done') return
    expect(done.draft.smartReply).toBe(done.draft.content)
    expect(done.draft.content).toMatch(/the slides/)
    expect(done.draft.content).toMatch(/before Friday/i)
    expect(done.draft.content).not.toMatch(/your question/)
    expect(sharedRun(done.draft.content, original)).toBeNull()
  })

  it('follows an instruction, offers three reply options, and refines', async () => {
    const original = '¿Podemos reunirnos el jueves a las 10:00 para repasar el plan?'
    const declined = await h.call(ada, 'POST', '/api/ai/smart-reply', {
      originalEmailBody: original,
      senderEmail: 'ana@example.com',
      instruction: 'decline politely',
    })
    const reply: GeneratedDraft = declined.json()
    expect(reply.content.startsWith('Hola Ana,')).toBe(true)
    expect(reply.content).toMatch(/Lo siento|Me temo/)

    const options = await h.call(ada, 'POST', '/api/ai/reply-options', {
      originalEmailBody: original,
      senderEmail: 'ana@example.com',
    })
    expect(options.statusCode).toBe(200)
    const { options: three } = options.json() as { options: ReplyOption[] }
    expect(three).toHaveLength(3)
    for (const option of three) expect(option.label.length).toBeLessThanOrEqual(40)

    const shorter = await h.call(ada, 'POST', '/api/ai/refine', {
      contactId: ana,
      action: 'shorter',
      text: reply.content,
    })
    expect(shorter.statusCode).toBe(200)
    const refined: GeneratedDraft = shorter.json()
    expect(refined.content.length).toBeLessThanOrEqual(reply.content.length * 0.8)
    expect(refined.content.startsWith('Hola Ana,')).toBe(true)
    expect(refined.content.trim().endsWith('Un abrazo,\nAda Lovelace')).toBe(true)
  })
})
