import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { GeneratedDraft } from '../../../contract/ai.js'
import { CONTACT_PROFILE_PRO_MESSAGE, type Contact } from '../../../contract/contacts.js'
import type { WritingProfile } from '../../../contract/profiles.js'
import { aiDrafts, contacts, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

// A contact's own writing profile (decision 050). Ada is on Pro, Grace on Free, Hedy on Pro
// (her profiles are another user's ids to Ada). No model is configured: drafts come from the
// offline writer, which reads the same prompt a model would.
let h: Harness
let ada: string
let grace: string
let hedy: string

const PRO_UNTIL = new Date(Date.now() + 365 * 24 * 3600 * 1000)

async function setPlan(email: string, plan: 'pro' | 'free') {
  await h.db
    .update(users)
    .set(plan === 'pro' ? { plan, proExpiration: PRO_UNTIL } : { plan, proExpiration: null })
    .where(eq(users.email, email))
}

beforeAll(async () => {
  h = await startHarness({
    users: [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'hedy@example.com', name: 'Hedy Lamarr' },
    ],
  })
  ada = (await signIn(h, 'ada@example.com')).session!
  grace = (await signIn(h, 'grace@example.com')).session!
  hedy = (await signIn(h, 'hedy@example.com')).session!
  await setPlan('ada@example.com', 'pro')
  await setPlan('hedy@example.com', 'pro')
})
afterAll(async () => h?.close())

const call: Harness['call'] = (...args) => h.call(...args)

async function profile(session: string, body: object): Promise<WritingProfile> {
  const response = await call(session, 'POST', '/api/writing-profiles', {
    tone: 'professional',
    style: 'concise',
    vocabulary: 'standard',
    sentenceStructure: 'mixed',
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function contact(session: string, body: object): Promise<Contact> {
  const response = await call(session, 'POST', '/api/contacts', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const save = (session: string, saved: Contact, changes: object) =>
  call(session, 'PUT', `/api/contacts/${saved.id}`, {
    name: saved.name,
    email: saved.email,
    ...changes,
  })

async function stored(id: string): Promise<string | null> {
  const [row] = await h.db.select().from(contacts).where(eq(contacts.id, id))
  return row!.writingProfileId
}

/** A draft to the contact, and the row that records what it was written from. */
async function draftTo(session: string, to: Contact) {
  const response = await call(session, 'POST', '/api/ai/generate-email', {
    contactId: to.id,
    userInput: 'Ask whether the report can be ready by Friday',
  })
  expect(response.statusCode, response.body).toBe(200)
  const draft: GeneratedDraft = response.json()
  const [row] = await h.db.select().from(aiDrafts).where(eq(aiDrafts.id, draft.draftId))
  return { text: draft.content, row: row! }
}

/** What a draft says between its greeting and its sign-off. */
function middleOf(text: string): string {
  const paragraphs = text.split(/\n\n/)
  return paragraphs.slice(1, -1).join('\n\n')
}

const sentencesOf = (text: string) =>
  middleOf(text)
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean)

describe("a contact's own writing profile", () => {
  let everyday: WritingProfile
  let formal: WritingProfile

  beforeAll(async () => {
    // The first profile is the default.
    everyday = await profile(ada, {
      name: 'Everyday',
      tone: 'casual',
      style: 'conversational',
      vocabulary: 'simple',
      sentenceStructure: 'short',
      signatureStyle: 'Cheers, Ada',
    })
    formal = await profile(ada, {
      name: 'Board letters',
      tone: 'formal',
      style: 'detailed',
      vocabulary: 'advanced',
      sentenceStructure: 'long',
      commonPhrases: ['at your earliest convenience'],
      signatureStyle: 'Yours faithfully, A. Lovelace',
    })
    expect(everyday.isDefault).toBe(true)
  })

  it('is chosen by a Pro user and is what drafts to that contact are written with', async () => {
    const board = await contact(ada, { name: 'Charles Babbage', email: 'charles@example.com' })
    expect(board.writingProfileId).toBeNull()
    const response = await save(ada, board, { writingProfileId: formal.id })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Contact>().writingProfileId).toBe(formal.id)
    const read = await call(ada, 'GET', `/api/contacts/${board.id}`)
    expect(read.json<Contact>().writingProfileId).toBe(formal.id)

    const toBoard = await draftTo(ada, board)
    expect(toBoard.row.writingProfileId).toBe(formal.id)
    expect(toBoard.row.inputs).toMatchObject({
      profile: {
        tone: 'formal',
        sentenceStructure: 'long',
        commonPhrases: ['at your earliest convenience'],
        signatureStyle: 'Yours faithfully, A. Lovelace',
      },
    })

    // Another contact, with no profile of its own, still gets the default.
    const friend = await contact(ada, { name: 'Mary Somerville', email: 'mary@example.com' })
    const toFriend = await draftTo(ada, friend)
    expect(toFriend.row.writingProfileId).toBe(everyday.id)
    expect(toFriend.row.inputs).toMatchObject({
      profile: { sentenceStructure: 'short', signatureStyle: 'Cheers, Ada' },
    })
    // The offline writer follows the profile's sentence structure: a writer of long sentences
    // runs the pleasantries on into the matter, a writer of short ones keeps to the matter.
    expect(sentencesOf(toBoard.text).length).toBeGreaterThan(1)
    expect(middleOf(toBoard.text)).toMatch(/, and /)
    expect(sentencesOf(toFriend.text)).toHaveLength(1)
  })

  it("is read in the contact's language, as the default profile is", async () => {
    const bilingual = await profile(ada, {
      name: 'Learned from sent mail',
      exampleText: [
        '=== English · 2 sent e-mails ===',
        'Hi Tom,',
        'Thanks for the quick turnaround on the figures. Talk soon,',
        'Ada',
        '',
        '=== German · 2 sent e-mails ===',
        'Hallo Jonas,',
        'danke für die schnelle Antwort zu den Zahlen. Bis bald,',
        'Ada',
      ].join('\n'),
    })
    const jonas = await contact(ada, {
      name: 'Jonas Weber',
      email: 'jonas@example.com',
      language: 'german',
      writingProfileId: bilingual.id,
    })
    expect(jonas.writingProfileId).toBe(bilingual.id)
    const { row } = await draftTo(ada, jonas)
    expect(row.writingProfileId).toBe(bilingual.id)
    expect(row.inputs).toMatchObject({
      profile: {
        exampleText: 'Hallo Jonas,\ndanke für die schnelle Antwort zu den Zahlen. Bis bald,\nAda',
      },
    })
  })

  it('is Pro only: a Free user gets 403 naming Pro and where to upgrade, and nothing is stored', async () => {
    const own = await profile(grace, { name: 'Grace at work' })
    const before = await contact(grace, { name: 'Alan Turing', email: 'alan@example.com' })

    const change = await save(grace, before, { writingProfileId: own.id })
    expect(change.statusCode).toBe(403)
    expect(change.json().error).toEqual({
      code: 'pro_required',
      message: CONTACT_PROFILE_PRO_MESSAGE,
    })
    expect(CONTACT_PROFILE_PRO_MESSAGE).toMatch(/Pro.*\/upgrade/)
    expect(await stored(before.id)).toBeNull()

    const add = await call(grace, 'POST', '/api/contacts', {
      name: 'Joan Clarke',
      email: 'joan@example.com',
      writingProfileId: own.id,
    })
    expect(add.statusCode).toBe(403)
    expect(
      (await call(grace, 'GET', '/api/contacts')).json<Contact[]>().map((c) => c.name),
    ).toEqual(['Alan Turing'])

    // Everything else Free has today stays: the dialog's saves, with the default profile.
    const kept = await save(grace, before, { context: 'Bletchley', writingProfileId: null })
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json<Contact>()).toMatchObject({ context: 'Bletchley', writingProfileId: null })
    expect((await draftTo(grace, before)).row.writingProfileId).toBe(own.id)
  })

  it("refuses another user's profile, or one that does not exist, naming the field", async () => {
    const hers = await profile(hedy, { name: 'Hedy private' })
    const ours = await contact(ada, { name: 'Ada Byron King', email: 'king@example.com' })

    for (const writingProfileId of [hers.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await save(ada, ours, { writingProfileId })
      expect(response.statusCode, writingProfileId).toBe(404)
      expect(response.json().error.message).toBe(
        'writingProfileId: You have no writing profile with this id',
      )
      const add = await call(ada, 'POST', '/api/contacts', {
        name: 'Never added',
        email: 'never@example.com',
        writingProfileId,
      })
      expect(add.statusCode).toBe(404)
    }
    expect(await stored(ours.id)).toBeNull()
    const [none] = await h.db.select().from(contacts).where(eq(contacts.email, 'never@example.com'))
    expect(none).toBeUndefined()

    const malformed = await save(ada, ours, { writingProfileId: 'not-a-uuid' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toContain('writingProfileId')
  })

  it('is cleared when its profile is deleted; drafts go back to the default', async () => {
    const brief = await profile(ada, { name: 'For one project', sentenceStructure: 'long' })
    const client = await contact(ada, {
      name: 'Augustus De Morgan',
      email: 'augustus@example.com',
      writingProfileId: brief.id,
    })
    expect(await stored(client.id)).toBe(brief.id)

    expect((await call(ada, 'DELETE', `/api/writing-profiles/${brief.id}`)).statusCode).toBe(204)
    expect((await call(ada, 'GET', `/api/contacts/${client.id}`)).json<Contact>()).toMatchObject({
      writingProfileId: null,
    })
    expect((await draftTo(ada, client)).row.writingProfileId).toBe(everyday.id)
  })

  it('stays stored for a user back on Free, whose drafts then use the default', async () => {
    const board = await contact(ada, {
      name: 'Michael Faraday',
      email: 'michael@example.com',
      writingProfileId: formal.id,
    })
    await setPlan('ada@example.com', 'free')
    try {
      expect((await call(ada, 'GET', `/api/contacts/${board.id}`)).json<Contact>()).toMatchObject({
        writingProfileId: formal.id,
      })
      expect((await draftTo(ada, board)).row.writingProfileId).toBe(everyday.id)
      // The dialog sends the stored choice back with every save: that is not a change.
      const resent = await save(ada, board, {
        context: 'Royal Institution',
        writingProfileId: formal.id,
      })
      expect(resent.statusCode, resent.body).toBe(200)
      expect(await stored(board.id)).toBe(formal.id)
      const other = await save(ada, board, { writingProfileId: everyday.id })
      expect(other.statusCode).toBe(403)
      expect(await stored(board.id)).toBe(formal.id)
    } finally {
      await setPlan('ada@example.com', 'pro')
    }
    expect((await draftTo(ada, board)).row.writingProfileId).toBe(formal.id)
  })

  it('is in the account export with the contact', async () => {
    const exported = (await call(ada, 'GET', '/api/user/export')).json<{ contacts: Contact[] }>()
    const board = exported.contacts.find((c) => c.email === 'charles@example.com')
    expect(board?.writingProfileId).toBe(formal.id)
  })

  it('answers 401 without a session', async () => {
    const response = await call(undefined, 'POST', '/api/contacts', {
      name: 'Anyone',
      email: 'anyone@example.com',
      writingProfileId: formal.id,
    })
    expect(response.statusCode).toBe(401)
  })
})
