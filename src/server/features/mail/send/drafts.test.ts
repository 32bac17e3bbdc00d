import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

const ADA = 'ada@example.com'

type Message = { id: string; labels: string[]; textBody: string; sender: { email: string } }

describe('Gmail drafts', () => {
  let h: Harness
  let session: string
  let gmail: StandInGmail

  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    session = (await signIn(h, ADA)).session!
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
    // The first sync fills the cache, so later reads are of a settled mailbox.
    expect((await h.call(session, 'GET', '/api/gmail/threads?limit=5')).statusCode).toBe(200)
    expect((await h.sync(session)).statusCode).toBe(200)
  })
  afterAll(async () => h?.close())

  const listDrafts = async () => {
    const response = await h.call(session, 'GET', '/api/gmail/drafts')
    expect(response.statusCode).toBe(200)
    return response.json<{ drafts: { id: string; subject: string; body: string }[] }>()
  }
  const gmailDraftIds = async () =>
    ((await gmail<{ drafts?: { id: string }[] }>('drafts')).drafts ?? []).map((d) => d.id)
  const thread = async (id: string) =>
    (await h.call(session, 'GET', `/api/gmail/threads/${id}`)).json<{ messages: Message[] }>()

  it('keeps a reply draft out of its conversation and lists it among the drafts', async () => {
    const [first] = (await h.call(session, 'GET', '/api/gmail/threads?limit=1')).json().threads
    const before = await thread(first.id)
    const latest = before.messages.at(-1)!

    const saved = await h.call(session, 'POST', '/api/gmail/drafts', {
      to: latest.sender.email,
      subject: 'Re: draft check',
      body: 'Half a reply',
      threadId: first.id,
      replyToMessageId: latest.id,
    })
    expect(saved.statusCode).toBe(200)
    const { draftId } = saved.json()
    // The sync sees Gmail's new draft message in the thread, as it would any new message.
    expect((await h.sync(session)).statusCode).toBe(200)

    const after = await thread(first.id)
    expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id))
    expect(after.messages.some((m) => m.labels.includes('DRAFT'))).toBe(false)
    expect(after.messages.some((m) => m.textBody.includes('Half a reply'))).toBe(false)

    const { drafts } = await listDrafts()
    expect(drafts).toContainEqual(
      expect.objectContaining({
        id: draftId,
        subject: 'Re: draft check',
        body: expect.stringContaining('Half a reply'),
        threadId: first.id,
        // Reopened, it answers the same message again.
        replyToMessageId: latest.id,
      }),
    )
    const one = await h.call(session, 'GET', `/api/gmail/drafts/${draftId}`)
    expect(one.json()).toMatchObject({ id: draftId, to: latest.sender.email })
  })

  it('autosave creates one draft, then updates that same draft', async () => {
    const start = (await gmailDraftIds()).length
    const created = await h.call(session, 'POST', '/api/gmail/drafts', {
      to: 'grace@example.com',
      subject: 'Autosaved',
      body: 'First words',
    })
    const { draftId } = created.json()
    const updated = await h.call(session, 'POST', '/api/gmail/drafts', {
      to: 'grace@example.com',
      subject: 'Autosaved',
      body: 'First words, and more',
      draftId,
    })
    expect(updated.json().draftId).toBe(draftId)
    expect(await gmailDraftIds()).toHaveLength(start + 1)
    const mine = (await listDrafts()).drafts.filter((d) => d.subject === 'Autosaved')
    expect(mine).toHaveLength(1)
    expect(mine[0]!.body).toContain('First words, and more')
  })

  it('sending a draft leaves no draft behind, and the message is in its thread at once', async () => {
    const { draftId } = (
      await h.call(session, 'POST', '/api/gmail/drafts', {
        to: 'grace@example.com',
        subject: 'Sent from a draft',
        body: 'Ready now',
      })
    ).json()
    const sent = await h.call(session, 'POST', '/api/gmail/send', {
      to: 'grace@example.com',
      subject: 'Sent from a draft',
      body: 'Ready now',
      draftId,
    })
    expect(sent.statusCode).toBe(200)
    expect(await gmailDraftIds()).not.toContain(draftId)
    expect((await listDrafts()).drafts.map((d) => d.id)).not.toContain(draftId)
    // Write-through: no sync ran, yet the cache has the sent message in its thread.
    const { messages } = await thread(sent.json().threadId)
    expect(messages.map((m) => m.id)).toContain(sent.json().id)
  })

  it('deletes a draft, and refuses bad draft input with a 400 naming the field', async () => {
    const { draftId } = (
      await h.call(session, 'POST', '/api/gmail/drafts', { subject: 'Throw away' })
    ).json()
    expect((await h.call(session, 'DELETE', `/api/gmail/drafts/${draftId}`)).statusCode).toBe(204)
    expect(await gmailDraftIds()).not.toContain(draftId)
    expect((await h.call(session, 'GET', `/api/gmail/drafts/${draftId}`)).statusCode).toBe(404)

    const bad = await h.call(session, 'POST', '/api/gmail/drafts', { to: 'not-an-email' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toContain('To: recipient is not an e-mail address')
    const badId = await h.call(session, 'DELETE', '/api/gmail/drafts/no%20such')
    expect(badId.statusCode).toBe(400)
  })

  it('a draft keeps its files: listed in order and served by position, through every update', async () => {
    const notes = Buffer.from('Meeting notes: ship on Friday.\n')
    const logo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 254, 255])
    const files = [
      { filename: 'notes.txt', mimeType: 'text/plain', contentBase64: notes.toString('base64') },
      { filename: 'logo.png', mimeType: 'image/png', contentBase64: logo.toString('base64') },
    ]
    const { draftId } = (
      await h.call(session, 'POST', '/api/gmail/drafts', {
        to: 'grace@example.com',
        subject: 'With files',
        body: 'See attached',
        attachments: files,
      })
    ).json()
    // Saved again, as autosave does with the files the editor holds: Gmail makes a new message.
    await h.call(session, 'POST', '/api/gmail/drafts', {
      to: 'grace@example.com',
      subject: 'With files',
      body: 'See attached, both',
      attachments: files,
      draftId,
    })

    const draft = (await h.call(session, 'GET', `/api/gmail/drafts/${draftId}`)).json<{
      body: string
      attachments: { filename: string; mimeType: string; size: number }[]
    }>()
    expect(draft.body).toContain('See attached, both')
    expect(draft.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['notes.txt', 'text/plain'],
      ['logo.png', 'image/png'],
    ])
    const listed = (await listDrafts()).drafts.find((d) => d.id === draftId) as unknown as {
      attachments: unknown[]
    }
    expect(listed.attachments).toHaveLength(2)

    const first = await h.call(session, 'GET', `/api/gmail/drafts/${draftId}/attachments/0`)
    expect(first.statusCode).toBe(200)
    expect(first.rawPayload.equals(notes)).toBe(true)
    expect(first.headers['content-disposition']).toContain('notes.txt')
    const second = await h.call(session, 'GET', `/api/gmail/drafts/${draftId}/attachments/1`)
    expect(second.rawPayload.equals(logo)).toBe(true)

    expect(
      (await h.call(session, 'GET', `/api/gmail/drafts/${draftId}/attachments/2`)).statusCode,
    ).toBe(404)
    expect(
      (await h.call(session, 'GET', `/api/gmail/drafts/${draftId}/attachments/x`)).statusCode,
    ).toBe(400)
    const grace = (await signIn(h, 'grace@example.com')).session!
    expect(
      (await h.call(grace, 'GET', `/api/gmail/drafts/${draftId}/attachments/0`)).statusCode,
    ).toBe(404)
  })

  it("never shows or deletes another user's draft", async () => {
    const { draftId } = (
      await h.call(session, 'POST', '/api/gmail/drafts', { subject: 'Private' })
    ).json()
    const grace = (await signIn(h, 'grace@example.com')).session!
    expect((await h.call(grace, 'GET', `/api/gmail/drafts/${draftId}`)).statusCode).toBe(404)
    expect((await h.call(grace, 'DELETE', `/api/gmail/drafts/${draftId}`)).statusCode).toBe(404)
    expect(await gmailDraftIds()).toContain(draftId)
  })
})
