import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { emailThreads, mailSnoozes, users } from '../../../db/schema.js'
import { until } from '../../../test/eventually.js'
import { startFaultProxy } from '../../../test/fault-proxy.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'
import { SNOOZE_QUEUE } from './snooze.js'

const ADA = 'ada@example.com'
const HOUR = 3_600_000

describe('snooze (issue 28)', () => {
  let h: Harness
  let ada: string
  let adaId: string
  let gmail: StandInGmail
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>

  const inboxIds = async () =>
    (await h.call(ada, 'GET', '/api/gmail/threads?label=INBOX&limit=500'))
      .json()
      .threads.map((t: { id: string }) => t.id) as string[]
  const snooze = (threadId: string, at: Date | string, app?: FastifyInstance) => {
    const payload = { action: 'snooze', until: typeof at === 'string' ? at : at.toISOString() }
    const url = `/api/gmail/threads/${threadId}/actions`
    return app
      ? app.inject({
          method: 'POST',
          url,
          payload,
          headers: sameOrigin,
          cookies: { inkwell_session: ada },
        })
      : h.call(ada, 'POST', url, payload)
  }
  /** Gmail modify calls the app made on this thread (the snooze, then each bringing back). */
  const modifiesOf = (threadId: string) =>
    proxy.log.filter((c) => c.method === 'POST' && c.path.includes(`/threads/${threadId}/modify`))
      .length
  const cachedLabels = async (threadId: string) => {
    const [row] = await h.db
      .select({ labels: emailThreads.labels, isRead: emailThreads.isRead })
      .from(emailThreads)
      .where(and(eq(emailThreads.userId, adaId), eq(emailThreads.threadId, threadId)))
    return row!
  }
  const snoozeRow = async (threadId: string) =>
    (
      await h.db
        .select()
        .from(mailSnoozes)
        .where(and(eq(mailSnoozes.userId, adaId), eq(mailSnoozes.threadId, threadId)))
    )[0] ?? null
  /** The clock moves past the snooze's time: for its row and for its queued job. */
  const timePasses = async (threadId: string) => {
    await h.db
      .update(mailSnoozes)
      .set({ until: sql`now() - interval '1 second'` })
      .where(and(eq(mailSnoozes.userId, adaId), eq(mailSnoozes.threadId, threadId)))
    await h.pool.query(
      `update pgboss.job set start_after = now() where name = $1 and singleton_key = $2`,
      [SNOOZE_QUEUE, `${adaId}:${threadId}`],
    )
  }
  const jobsSettled = async (threadId: string) => {
    const { rows } = await h.pool.query(
      `select state from pgboss.job where name = $1 and singleton_key = $2`,
      [SNOOZE_QUEUE, `${adaId}:${threadId}`],
    )
    return rows.every((r: { state: string }) => r.state === 'completed')
  }

  beforeAll(async () => {
    h = await startHarness({
      withMailbox: true,
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target)
        return proxy.url
      },
    })
    ada = (await signIn(h, ADA)).session!
    expect((await h.sync(ada)).statusCode).toBe(200)
    const [me] = await h.db.select().from(users).where(eq(users.email, ADA))
    adaId = me!.id
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  it('refuses a past, too near or absurd time, naming until', async () => {
    const [thread] = await inboxIds()
    for (const at of [
      new Date(Date.now() - HOUR),
      new Date(Date.now() + 5_000),
      new Date(Date.now() + 400 * 24 * HOUR),
      'tomorrow',
    ]) {
      const refused = await snooze(thread!, at)
      expect(refused.statusCode, String(at)).toBe(400)
      expect(refused.json().error.message).toMatch(/until/)
    }
    expect(await snoozeRow(thread!)).toBeNull()
  })

  it('takes a conversation out of the Inbox into Snoozed, mirrored by a Gmail label', async () => {
    const [thread] = await inboxIds()
    const snoozed = await snooze(thread!, new Date(Date.now() + 2 * HOUR))
    expect(snoozed.statusCode).toBe(200)
    expect(snoozed.json().labels).not.toContain('INBOX')
    expect(await inboxIds()).not.toContain(thread)
    const labels = (await h.call(ada, 'GET', '/api/gmail/labels')).json().labels
    const mirror = labels.find((l: { name: string }) => l.name === 'Inkwell/Snoozed')
    expect(mirror).toMatchObject({ type: 'system', total: 1 })
    expect(labels.map((l: { id: string }) => l.id).slice(0, 3)).toEqual([
      'INBOX',
      'STARRED',
      mirror.id,
    ])
    const inGmail = await gmail<{ messages: { labelIds: string[] }[] }>(`threads/${thread}`)
    expect(inGmail.messages.every((m) => m.labelIds.includes(mirror.id))).toBe(true)
    expect(inGmail.messages.some((m) => m.labelIds.includes('INBOX'))).toBe(false)
    const view = await h.call(ada, 'GET', `/api/gmail/threads?label=${mirror.id}`)
    expect(view.json().threads.map((t: { id: string }) => t.id)).toEqual([thread])

    // Unsnooze brings it back now.
    const back = await h.call(ada, 'POST', `/api/gmail/threads/${thread}/actions`, {
      action: 'unsnooze',
    })
    expect(back.statusCode).toBe(200)
    expect(back.json().labels).toContain('INBOX')
    expect(back.json().labels).not.toContain('Inkwell/Snoozed')
    // Brought back by the user, not by its time: in its own place, with no Snoozed mark.
    expect(back.json().snoozedBack).toBeUndefined()
    expect(await snoozeRow(thread!)).toBeNull()
    expect(await inboxIds()).toContain(thread)
  })

  it('comes back at its time once, though two instances are running', async () => {
    const twin = await h.anotherInstance()
    await twin.ready()
    const thread = (await inboxIds())[1]!
    expect((await snooze(thread, new Date(Date.now() + HOUR))).statusCode).toBe(200)
    expect(modifiesOf(thread)).toBe(1)
    await timePasses(thread)
    await until(
      () => cachedLabels(thread),
      (row) => row.labels.includes('INBOX') && !row.isRead,
      { waitingFor: 'the snoozed conversation back in the Inbox, unread' },
    )
    await until(() => jobsSettled(thread), Boolean, { waitingFor: 'the snooze job to end' })
    expect(await snoozeRow(thread)).toBeNull()
    // Nothing is left that could bring it back again: it came back once.
    expect(modifiesOf(thread)).toBe(2)
    // At the top of the Inbox, though older mail sat above it, and marked Snoozed.
    const inbox = (await h.call(ada, 'GET', '/api/gmail/threads?label=INBOX')).json().threads
    expect(inbox[0]).toMatchObject({ id: thread, snoozedBack: true, isUnread: true })
    expect(inbox.filter((t: { snoozedBack?: boolean }) => t.snoozedBack)).toHaveLength(1)
    // Its place is when it came back, so the next page follows on from it without a gap.
    const page = (await h.call(ada, 'GET', '/api/gmail/threads?label=INBOX&limit=1')).json()
    const next = await h.call(
      ada,
      'GET',
      `/api/gmail/threads?label=INBOX&limit=1&cursor=${encodeURIComponent(page.nextCursor)}`,
    )
    expect(next.json().threads[0].id).toBe(inbox[1].id)
    const inGmail = await gmail<{ messages: { labelIds: string[] }[] }>(`threads/${thread}`)
    expect(inGmail.messages.some((m) => m.labelIds.includes('INBOX'))).toBe(true)
  })

  it('comes back after the instance that snoozed it has stopped', async () => {
    const first = await h.anotherInstance()
    await first.ready()
    const thread = (await inboxIds())[2]!
    expect((await snooze(thread, new Date(Date.now() + HOUR), first)).statusCode).toBe(200)
    await first.close()
    await timePasses(thread)
    await until(
      () => cachedLabels(thread),
      (row) => row.labels.includes('INBOX') && !row.isRead,
      { waitingFor: 'the snoozed conversation back after a restart' },
    )
    await until(() => jobsSettled(thread), Boolean, { waitingFor: 'the snooze job to end' })
    expect(modifiesOf(thread)).toBe(2)
    expect(await snoozeRow(thread)).toBeNull()
  })

  it('a reply in the meantime brings it back at once', async () => {
    const thread = (await inboxIds())[3]!
    expect((await snooze(thread, new Date(Date.now() + 24 * HOUR))).statusCode).toBe(200)
    expect(await inboxIds()).not.toContain(thread)
    await gmail('messages', {
      method: 'POST',
      body: JSON.stringify({
        threadId: thread,
        from: 'Ben <ben@example.org>',
        to: ADA,
        subject: 'Re: checking in',
        body_text: 'Any news?',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    expect((await h.sync(ada)).statusCode).toBe(200)
    await until(
      () => snoozeRow(thread),
      (row) => row === null,
      {
        waitingFor: 'the reply to bring the conversation back',
      },
    )
    expect(await inboxIds()).toContain(thread)
    const labels = (await cachedLabels(thread)).labels
    const mirror = (await h.call(ada, 'GET', '/api/gmail/labels'))
      .json()
      .labels.find((l: { name: string }) => l.name === 'Inkwell/Snoozed')
    expect(labels).not.toContain(mirror.id)
  })

  it('snoozes a selection, and answers 404 for a conversation that is not the user’s', async () => {
    const picked = (await inboxIds()).slice(4, 7)
    const result = await h.call(ada, 'POST', '/api/gmail/threads/actions', {
      threadIds: [...picked, 'nobodys-thread'],
      change: { action: 'snooze', until: new Date(Date.now() + HOUR).toISOString() },
    })
    expect(result.statusCode).toBe(200)
    expect(result.json()).toEqual({ changed: picked, notFound: ['nobodys-thread'] })
    const inbox = await inboxIds()
    expect(picked.some((id) => inbox.includes(id))).toBe(false)
    for (const id of picked) expect(await snoozeRow(id)).not.toBeNull()
    const missing = await snooze('nobodys-thread', new Date(Date.now() + HOUR))
    expect(missing.statusCode).toBe(404)
  })
})
