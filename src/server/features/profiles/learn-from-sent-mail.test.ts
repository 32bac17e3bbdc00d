import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { LearnedFromSentMail } from '../../../contract/ai.js'
import type { WritingProfile } from '../../../contract/profiles.js'
import { emailMessages, users } from '../../db/schema.js'
import { LETTERS, NOTES } from '../../test/letters.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'
import { profileForLanguage } from '../ai/style/profile-for-language.js'

let h: Harness
let ada: string

beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
})
afterAll(async () => h?.close())

/** Ada's sent mail, newest first as the cache orders it: English, German, Spanish and French. */
const SENT = [
  NOTES.english[0]!,
  `${LETTERS.german.casual.text}\n\nAm 2. Nov. 2026 um 10:00 schrieb Jonas <jonas@example.com>:\n> Hi Anna, how was the trip? Kind regards`,
  NOTES.english[1]!,
  LETTERS.spanish.casual.text,
  NOTES.german[0]!,
  LETTERS.english.formal.text,
  LETTERS.french.casual.text,
  LETTERS.german.formal.text,
  `${LETTERS.english.casual.text}\n\nOn Mon, 2 Nov 2026, Sam wrote:\n> Hola, ¿qué tal? Un abrazo`,
  'OK',
]

async function seedSentMail(email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  await h.db.insert(emailMessages).values([
    ...SENT.map((textBody, i) => ({
      userId: user!.id,
      gmailId: `sent-${i}`,
      threadId: `thread-${i}`,
      internalDate: new Date(Date.UTC(2026, 10, 30 - i)),
      labels: ['SENT'],
      textBody,
    })),
    // Received mail in English is no part of Ada's style.
    {
      userId: user!.id,
      gmailId: 'received',
      threadId: 'thread-received',
      internalDate: new Date(Date.UTC(2026, 10, 30)),
      labels: ['INBOX'],
      textBody: 'Dear Ada,\n\nPlease find attached the invoice.\n\nKind regards,\nBilling',
    },
  ])
}

describe('POST /api/ai/learn-from-sent-mail in four languages', () => {
  it('answers one analysis per language with its message count, and a sample the profile keeps', async () => {
    await seedSentMail('ada@example.com')
    const response = await h.call(ada, 'POST', '/api/ai/learn-from-sent-mail')
    expect(response.statusCode).toBe(200)
    const learned: LearnedFromSentMail = response.json()
    expect(learned.messageCount).toBe(SENT.length)
    expect(learned.languages.map((l) => [l.language, l.messageCount])).toEqual([
      ['english', 4],
      ['german', 3],
      ['spanish', 1],
      ['french', 1],
    ])
    const analysis = (language: string) =>
      learned.languages.find((l) => l.language === language)!.analysis!
    expect(analysis('german').metrics).toMatchObject({
      greetings: ['Hallo', 'Sehr geehrte'],
      signoffs: ['Liebe Grüße', 'LG', 'Mit freundlichen Grüßen'],
    })
    expect(analysis('spanish').metrics).toMatchObject({
      formality: 'informal',
      greetings: ['Hola'],
      signoffs: ['Un abrazo'],
    })
    expect(analysis('french').metrics).toMatchObject({ greetings: ['Salut'], signoffs: ['Bises'] })
    expect(analysis('english').metrics.greetings).toEqual(['Hi', 'Dear', 'Hey'])
    // The quoted mail is not Ada's: no "Kind regards" from Jonas, no "Un abrazo" from Sam.
    expect(analysis('german').metrics.signoffs).not.toContain('Kind regards')
    expect(learned.sample).not.toContain('how was the trip')
    expect(learned.sample).not.toContain('Billing')
    expect(learned.analysis.suggestedTraits).toEqual(analysis('english').suggestedTraits)

    // The dialog fills the form with the sample and the main language's traits; Ada saves.
    const saved = await h.call(ada, 'POST', '/api/writing-profiles', {
      name: 'Learned',
      ...learned.analysis.suggestedTraits,
      exampleText: learned.sample,
    })
    expect(saved.statusCode).toBe(201)
    const profile: WritingProfile = saved.json()
    expect(profile.exampleText).toBe(learned.sample)

    // A draft to a German contact reads the German analysis, to a French one the French.
    const german = profileForLanguage(profile, 'german')
    expect(german.exampleText).toContain('Hallo Jonas')
    expect(german.exampleText).not.toContain('Hi Priya')
    expect(german.learned).toMatchObject({
      language: 'german',
      messageCount: 3,
      learnedStyle: analysis('german').learnedStyle,
    })
    expect(profileForLanguage(profile, 'french').learned).toMatchObject({
      language: 'french',
      greeting: 'Salut',
      signoff: 'Bises',
    })
    expect(profileForLanguage(profile, 'english').exampleText).toContain('Hi Priya')
  })
})
