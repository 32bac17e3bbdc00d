import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { mailLabelCounts, users } from '../../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'

type ApiLabel = {
  id: string
  name: string
  type: string
  unread: number
  total: number
  color?: unknown
}
type ApiThread = { id: string; subject: string; labels: string[]; isRead: boolean }

describe('labels, labelling and moving, one conversation or a selection (issue 28)', () => {
  let h: Harness
  let ada: string
  let grace: string
  let gmail: StandInGmail

  const labelsOf = async (session = ada) =>
    (await h.call(session, 'GET', '/api/gmail/labels')).json().labels as ApiLabel[]
  const threads = async (query: string, session = ada) =>
    (await h.call(session, 'GET', `/api/gmail/threads?${query}`)).json() as {
      threads: ApiThread[]
      nextCursor: string | null
      total: number
    }
  /** The label ids Gmail itself has on a thread's messages. */
  const gmailLabelsOf = async (threadId: string) => {
    const thread = await gmail<{ messages: { labelIds?: string[] }[] }>(
      `threads/${threadId}?format=minimal`,
    )
    return new Set(thread.messages.flatMap((m) => m.labelIds ?? []))
  }

  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    ada = (await signIn(h, ADA)).session!
    grace = (await signIn(h, GRACE)).session!
    expect((await h.sync(ada)).statusCode).toBe(200)
    expect((await h.sync(grace)).statusCode).toBe(200)
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
  })
  afterAll(async () => h?.close())

  it('lists the system views in order, then the user labels, with the counters', async () => {
    const labels = await labelsOf()
    const system = labels.filter((l) => l.type === 'system').map((l) => l.id)
    const order = ['INBOX', 'STARRED', 'IMPORTANT', 'SENT', 'DRAFT', 'SPAM', 'TRASH']
    expect(system).toEqual(order.filter((id) => system.includes(id)))
    expect(system.slice(0, 2)).toEqual(['INBOX', 'STARRED'])
    expect(labels.some((l) => /^(CHAT|UNREAD|CATEGORY_)/.test(l.id))).toBe(false)
    const user = labels.filter((l) => l.type === 'user')
    expect(user.map((l) => l.name)).toContain('Clients')
    expect(labels.findIndex((l) => l.type === 'user')).toBe(system.length)
    // The counts are the counters' (and the inbox's is what its list says).
    const inbox = labels.find((l) => l.id === 'INBOX')!
    expect(inbox.total).toBe((await threads('label=INBOX&limit=1')).total)
    const [me] = await h.db.select().from(users).where(eq(users.email, ADA))
    const [counted] = await h.db
      .select()
      .from(mailLabelCounts)
      .where(and(eq(mailLabelCounts.userId, me!.id), eq(mailLabelCounts.label, 'INBOX')))
    expect(inbox.unread).toBe(counted!.unread)
    expect(inbox.unread).toBeGreaterThan(0)
  })

  it("creates, renames, recolours and deletes a label in Gmail, by Gmail's rules", async () => {
    const created = await h.call(ada, 'POST', '/api/gmail/labels', { name: 'Projects/Alpha' })
    expect(created.statusCode).toBe(201)
    const label = created.json() as ApiLabel
    expect(label).toMatchObject({ name: 'Projects/Alpha', type: 'user', unread: 0, total: 0 })
    expect((await labelsOf()).map((l) => l.name)).toContain('Projects/Alpha')
    const inGmail = await gmail<{ labels: { id: string; name: string }[] }>('labels')
    expect(inGmail.labels.find((l) => l.id === label.id)?.name).toBe('Projects/Alpha')

    for (const name of ['projects/ALPHA', '/Edge', 'Edge/', 'x'.repeat(226), 'a//b']) {
      const refused = await h.call(ada, 'POST', '/api/gmail/labels', { name })
      expect(refused.statusCode, name).toBe(400)
      expect(refused.json().error.message, name).toMatch(/name/i)
    }

    const renamed = await h.call(ada, 'PATCH', `/api/gmail/labels/${label.id}`, {
      name: 'Projects/Beta',
      color: { backgroundColor: '#16a766', textColor: '#ffffff' },
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({
      name: 'Projects/Beta',
      color: { backgroundColor: '#16a766', textColor: '#ffffff' },
    })
    const clash = await h.call(ada, 'PATCH', `/api/gmail/labels/${label.id}`, { name: 'clients' })
    expect(clash.statusCode).toBe(400)
    expect(clash.json().error.message).toMatch(/^name/)

    const system = await h.call(ada, 'PATCH', '/api/gmail/labels/INBOX', { name: 'Mine' })
    expect(system.statusCode).toBe(400)
    expect((await h.call(ada, 'DELETE', '/api/gmail/labels/TRASH')).statusCode).toBe(400)
    // Another user's label, or one nobody has: 404.
    expect((await h.call(grace, 'DELETE', `/api/gmail/labels/${label.id}`)).statusCode).toBe(404)
    const unknown = await h.call(ada, 'PATCH', '/api/gmail/labels/Label_nope', { name: 'x' })
    expect(unknown.statusCode).toBe(404)

    expect((await h.call(ada, 'DELETE', `/api/gmail/labels/${label.id}`)).statusCode).toBe(204)
    expect((await labelsOf()).some((l) => l.id === label.id)).toBe(false)
    const after = await gmail<{ labels: { id: string }[] }>('labels')
    expect(after.labels.some((l) => l.id === label.id)).toBe(false)
  })

  it('labels, unlabels and moves one conversation, in Gmail and in the lists at once', async () => {
    const made = (await h.call(ada, 'POST', '/api/gmail/labels', { name: 'Kept receipts' })).json()
    const [thread] = (await threads('label=INBOX&limit=1')).threads
    const labelled = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      add: [made.id],
    })
    expect(labelled.json()).not.toHaveProperty('error')
    expect(labelled.statusCode).toBe(200)
    expect(labelled.json().labels).toContain('Kept receipts')
    expect(await gmailLabelsOf(thread!.id)).toContain(made.id)
    expect((await threads(`label=${made.id}`)).threads.map((t) => t.id)).toEqual([thread!.id])
    expect((await labelsOf()).find((l) => l.id === made.id)?.total).toBe(1)

    const unlabelled = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      remove: [made.id],
    })
    expect(unlabelled.json().labels).not.toContain('Kept receipts')

    const moved = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'move',
      to: made.id,
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().labels).toContain('Kept receipts')
    expect(moved.json().labels).not.toContain('INBOX')
    expect((await gmailLabelsOf(thread!.id)).has('INBOX')).toBe(false)
    expect((await threads('label=INBOX&limit=500')).threads.some((t) => t.id === thread!.id)).toBe(
      false,
    )
    // The simple actions keep working as before.
    const back = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'unarchive',
    })
    expect(back.statusCode).toBe(200)
    expect(back.json().labels).toContain('INBOX')
  })

  it('refuses labels Gmail will not set, and answers 404 for what is not the user’s', async () => {
    const [thread] = (await threads('label=INBOX&limit=1')).threads
    for (const add of [['SENT'], ['DRAFT']]) {
      const refused = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
        action: 'label',
        add,
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.message).toMatch(/^add/)
    }
    const sent = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'move',
      to: 'SENT',
    })
    expect(sent.statusCode).toBe(400)
    const graceLabel = (await h.call(grace, 'POST', '/api/gmail/labels', { name: 'Hers' })).json()
    const foreignLabel = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      add: [graceLabel.id],
    })
    expect(foreignLabel.statusCode).toBe(404)
    const foreignThread = await h.call(grace, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      add: [graceLabel.id],
    })
    expect(foreignThread.statusCode).toBe(404)
    expect(await gmailLabelsOf(thread!.id)).not.toContain(graceLabel.id)
  })

  it('changes a selection with batch modify, and names the conversations it did not have', async () => {
    const made = (await h.call(ada, 'POST', '/api/gmail/labels', { name: 'Batch' })).json()
    const picked = (await threads('label=INBOX&limit=5')).threads.map((t) => t.id)
    const hers = (await threads('label=INBOX&limit=1', grace)).threads[0]!.id
    const result = await h.call(ada, 'POST', '/api/gmail/threads/actions', {
      threadIds: [...picked, hers],
      change: { action: 'move', to: made.id },
    })
    expect(result.statusCode).toBe(200)
    expect(result.json().changed.sort()).toEqual([...picked].sort())
    expect(result.json().notFound).toEqual([hers])
    for (const id of picked) {
      const inGmail = await gmailLabelsOf(id)
      expect(inGmail.has(made.id) && !inGmail.has('INBOX')).toBe(true)
    }
    expect((await threads(`label=${made.id}`)).threads.map((t) => t.id).sort()).toEqual(
      [...picked].sort(),
    )
    // Grace's conversation is untouched.
    expect((await threads('label=INBOX&limit=500', grace)).threads.some((t) => t.id === hers)).toBe(
      true,
    )
    // A simple action on the selection: read, and back.
    const read = await h.call(ada, 'POST', '/api/gmail/threads/actions', {
      threadIds: picked,
      change: { action: 'unread' },
    })
    expect(read.json().changed).toHaveLength(picked.length)
    const listed = (await threads(`label=${made.id}`)).threads
    expect(listed.every((t) => !t.isRead)).toBe(true)
    expect((await labelsOf()).find((l) => l.id === made.id)).toMatchObject({
      total: picked.length,
      unread: picked.length,
    })
    // Refused for the whole selection when the label cannot be set.
    const refused = await h.call(ada, 'POST', '/api/gmail/threads/actions', {
      threadIds: picked,
      change: { action: 'label', add: ['DRAFT'] },
    })
    expect(refused.statusCode).toBe(400)
  })

  it('All mail lists the inbox and archived mail, not Spam or Trash, with its total from the counters', async () => {
    const inbox = await threads('label=INBOX&limit=5')
    const [archived, trashed] = inbox.threads.slice(0, 2)
    for (const [thread, action] of [
      [archived!, 'archive'],
      [trashed!, 'trash'],
    ] as const) {
      const done = await h.call(ada, 'POST', `/api/gmail/threads/${thread.id}/actions`, { action })
      expect(done.statusCode).toBe(200)
    }
    const all = await threads('label=ALL&limit=500')
    const ids = all.threads.map((t) => t.id)
    expect(ids).toContain(archived!.id)
    expect(ids).not.toContain(trashed!.id)
    expect(all.threads.some((t) => t.labels.includes('SPAM') || t.labels.includes('TRASH'))).toBe(
      false,
    )
    // The total is the counters' ALL row, kept by the trigger: it matches what is listed.
    expect(all.total).toBe(all.threads.length)
    const [counted] = await h.db
      .select({ threads: mailLabelCounts.threads })
      .from(mailLabelCounts)
      .innerJoin(users, eq(users.id, mailLabelCounts.userId))
      .where(and(eq(users.email, ADA), eq(mailLabelCounts.label, 'ALL')))
    expect(counted?.threads).toBe(all.total)

    // The instant search within All mail finds the archived conversation (a search within All
    // mail looks for no label on the rows: there is none).
    const word = archived!.subject.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w))!
    const searched = await threads(`label=ALL&scope=label&q=${encodeURIComponent(word)}`)
    expect(searched.threads.map((t) => t.id)).toContain(archived!.id)
  })

  it("pages a big label's view: a page and a cursor, never the whole label", async () => {
    const made = (await h.call(ada, 'POST', '/api/gmail/labels', { name: 'Everything' })).json()
    const all = (await threads('label=INBOX&limit=500')).threads.map((t) => t.id)
    await h.call(ada, 'POST', '/api/gmail/threads/actions', {
      threadIds: all,
      change: { action: 'label', add: [made.id] },
    })
    const first = await threads(`label=${made.id}&limit=20`)
    expect(first.threads).toHaveLength(20)
    expect(first.total).toBe(all.length)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await threads(
      `label=${made.id}&limit=20&cursor=${encodeURIComponent(first.nextCursor!)}`,
    )
    expect(second.threads.length).toBeGreaterThan(0)
    const firstIds = new Set(first.threads.map((t) => t.id))
    expect(second.threads.some((t) => firstIds.has(t.id))).toBe(false)
  })

  it('a label deleted in Gmail: its view answers empty, the sidebar drops it at the next sync', async () => {
    const made = (await h.call(ada, 'POST', '/api/gmail/labels', { name: 'Doomed' })).json()
    const [thread] = (await threads('label=INBOX&limit=1')).threads
    await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      add: [made.id],
    })
    await gmail(`labels/${made.id}`, { method: 'DELETE' })
    expect((await h.sync(ada)).statusCode).toBe(200)
    expect((await labelsOf()).some((l) => l.id === made.id)).toBe(false)
    const view = await h.call(ada, 'GET', `/api/gmail/threads?label=${made.id}`)
    expect(view.statusCode).toBe(200)
    expect(view.json().threads).toEqual([])
    // Acting with it now is a plain 404, not a failure.
    const act = await h.call(ada, 'POST', `/api/gmail/threads/${thread!.id}/actions`, {
      action: 'label',
      add: [made.id],
    })
    expect(act.statusCode).toBe(404)
  })
})
