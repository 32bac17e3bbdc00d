import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MAX_SAMPLE_BYTES } from '../../../contract/ai.js'
import { emailMessages, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'
import { liftReaderClock } from '../../test/reader-processes.js'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', name)).toString('base64')

let h: Harness
let ada: string
let grace: string

beforeAll(async () => {
  h = await startHarness()
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
})
afterAll(async () => h?.close())

const extract = (body: object) => h.call(ada, 'POST', '/api/ai/extract-sample', body)

describe('POST /api/ai/extract-sample', () => {
  liftReaderClock()
  it.each([
    ['sample.docx', DOCX, 'Thanks for the quick review of the compiler notes.'],
    ['sample.pdf', 'application/pdf', 'the quarterly figures are attached'],
  ])('reads the text of %s on the server', async (filename, mimeType, expected) => {
    const response = await extract({ filename, mimeType, contentBase64: fixture(filename) })
    expect(response.statusCode).toBe(200)
    expect(response.json().text).toContain(expected)
  })

  it('reads plain text as UTF-8, by extension when the browser gives no type', async () => {
    const response = await extract({
      filename: 'note.txt',
      mimeType: '',
      contentBase64: Buffer.from('Grüße aus Köln — à bientôt\u0000').toString('base64'),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().text).toBe('Grüße aus Köln — à bientôt')
  })

  it.each([
    ['broken.pdf', 'application/pdf', 'Could not read the file: it is not a valid PDF document'],
    ['broken.docx', DOCX, 'Could not read the file: it is not a valid Word (.docx) document'],
    ['photo.png', 'image/png', 'Invalid file type. Please upload a .txt, .pdf, or .docx file.'],
  ])('refuses %s with a 400 that says why', async (filename, mimeType, message) => {
    const response = await extract({
      filename,
      mimeType,
      contentBase64: Buffer.from('this is not what it claims to be').toString('base64'),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toBe(message)
  })

  it('refuses a file over the limit with a 400 that names it', async () => {
    const response = await extract({
      filename: 'big.txt',
      mimeType: 'text/plain',
      contentBase64: Buffer.alloc(MAX_SAMPLE_BYTES + 1, 97).toString('base64'),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain('at most 5 MB')
  })
})

describe('POST /api/ai/analyze-writing-style', () => {
  it('answers the spec’s fields and the measurements', async () => {
    const response = await h.call(ada, 'POST', '/api/ai/analyze-writing-style', {
      text: 'Hi Grace,\n\nThe build is green. I shipped it.\n\nBest,\nAda',
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(typeof body.styleAnalysis).toBe('string')
    expect(body.suggestions.length).toBeGreaterThan(0)
    expect(typeof body.learnedStyle).toBe('string')
    expect(body.metrics).toMatchObject({ greetings: ['Hi'], signoffs: ['Best'], sentences: 2 })
  })

  it('refuses blank text', async () => {
    const response = await h.call(ada, 'POST', '/api/ai/analyze-writing-style', { text: '  ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toContain('Text to analyze is required')
  })
})

describe('POST /api/ai/learn-from-sent-mail', () => {
  it('says so when there is no sent mail yet', async () => {
    const response = await h.call(grace, 'POST', '/api/ai/learn-from-sent-mail')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('no_sent_mail')
  })

  it('analyses only the user’s own sent messages, without the mail they quote', async () => {
    const [user] = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    const [other] = await h.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    const message = (userId: string, i: number, labels: string[], textBody: string) => ({
      userId,
      gmailId: `learn-${userId}-${i}`,
      threadId: `learn-${i}`,
      internalDate: new Date(Date.UTC(2026, 10, 1 + i)),
      labels,
      textBody,
    })
    await h.db
      .insert(emailMessages)
      .values([
        message(user!.id, 1, ['SENT'], 'Hey Bob,\n\nSounds great, thanks so much!\n\nCheers,\nAda'),
        message(
          user!.id,
          2,
          ['SENT'],
          'Hey Eve,\n\nDone, thanks so much!\n\nCheers,\nAda\n\nOn Mon, Eve wrote:\n> Kind regards from the quoted part',
        ),
        message(user!.id, 3, ['INBOX'], 'Dear Ada, kind regards, an incoming message'),
        message(other!.id, 4, ['SENT'], "Grace's own sent mail"),
      ])
    const response = await h.call(ada, 'POST', '/api/ai/learn-from-sent-mail')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.messageCount).toBe(2)
    expect(body.sample).not.toContain('quoted part')
    expect(body.sample).not.toContain('incoming')
    expect(body.sample).not.toContain('Grace')
    expect(body.analysis.metrics).toMatchObject({ greetings: ['Hey'], signoffs: ['Cheers'] })
    expect(body.analysis.suggestedTraits.commonPhrases).toContain('thanks so much')
  })
})
