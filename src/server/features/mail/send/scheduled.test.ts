import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import PostalMime from 'postal-mime'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.js'
import { aiDrafts, scheduledSends, users } from '../../../db/schema.js'
import { until } from '../../../test/eventually.js'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

/**
 * Send later and Undo send (issue 24, decision 053). The app's timings are shortened through
 * its config (a 1 s minimum lead, a 1 s sweep, a send left `sending` 10 s is lost), so mail
 * goes within seconds; what a user may ask is checked with the product's own 30 s rule below.
 */
describe('mail that waits to be sent', () => {
  let h: Harness
  let ada: string
  let grace: string
  let gmail: StandInGmail
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let fault: (request: { method: string; path: string }) => Fault | null = () => null

  beforeAll(async () => {
    h = await startHarness({
      users: [
        { email: 'ada@example.com', name: 'Ada Lovelace' },
        { email: 'grace@example.com', name: 'Grace Hopper' },
        { email: 'hedy@example.com', name: 'Hedy Lamarr' },
      ],
      config: {
        scheduledSend: {
          minLeadSeconds: 1,
          sweepSeconds: 1,
          sendingStaleSeconds: 10,
          retryBaseSeconds: 1,
          batchSize: 4,
          pollingSeconds: 1,
        },
      },
      gmailVia: async (url) => {
        proxy = await startFaultProxy(url, { fault: (request) => fault(request) })
        return proxy.url
      },
    })
    ada = (await signIn(h, 'ada@example.com')).session!
    grace = (await signIn(h, 'grace@example.com')).session!
    gmail = standInGmail(h, await accessTokenOf(h, 'ada@example.com'))
    await h.db
      .update(users)
      .set({ plan: 'pro', proExpiration: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
      .where(eq(users.email, 'ada@example.com'))
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })
  afterEach(() => {
    fault = () => null
  })

  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString()

  const send = (
    session: string,
    payload: Record<string, unknown>,
    app: FastifyInstance = h.app,
    key?: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/gmail/send',
      headers: { ...sameOrigin, ...(key ? { 'idempotency-key': key } : {}) },
      cookies: { inkwell_session: session },
      payload: { to: 'grace@example.com', body: 'See you on Monday.', ...payload },
    })

  /** How many sent messages with this subject (one word) Ada's Gmail holds. */
  async function sentCount(subject: string): Promise<number> {
    const found = await gmail<{ messages?: unknown[] }>(
      `messages?labelIds=SENT&q=${encodeURIComponent(`subject:${subject}`)}&includeSpamTrash=true`,
    )
    return found.messages?.length ?? 0
  }

  async function draftIds(): Promise<string[]> {
    const list = await gmail<{ drafts?: { id: string }[] }>('drafts')
    return (list.drafts ?? []).map((d) => d.id)
  }

  async function row(id: string) {
    const [found] = await h.db.select().from(scheduledSends).where(eq(scheduledSends.id, id))
    return found!
  }

  const statusOf = (id: string, status: string) =>
    until(
      () => row(id),
      (r) => r.status === status,
      { waitingFor: `scheduled send ${id} to be ${status}` },
    )

  it('keeps the product rule: Send later is at least 30 s ahead', () => {
    const config = loadConfig({ INKWELL_MODE: 'demo', NODE_ENV: 'test', APP_URL: 'http://x.test' })
    expect(config.scheduledSend.minLeadSeconds).toBe(30)
  })

  it('refuses Send later to a Free user, naming Pro and where to upgrade', async () => {
    const answer = await send(grace, { subject: 'FreeLater', sendAt: inSeconds(3600) })
    expect(answer.statusCode).toBe(403)
    expect(answer.json().error.message).toMatch(/Pro/)
    expect(answer.json().error.message).toMatch(/\/upgrade/)
    expect(await sentCount('FreeLater')).toBe(0)

    // Nor can a Free user's Undo send window be moved to a later time: that is Send later too.
    await h.call(grace, 'PUT', '/api/user/settings', { undoSendSeconds: 30 })
    const waiting = await send(grace, { subject: 'FreeUndoMoved', undo: true })
    expect(waiting.statusCode).toBe(202)
    const moved = await h.call(
      grace,
      'PATCH',
      `/api/gmail/scheduled/${waiting.json().scheduledId}`,
      {
        sendAt: inSeconds(3600),
      },
    )
    expect(moved.statusCode).toBe(403)
    expect(moved.json().error.message).toMatch(/Pro/)
    expect((await row(waiting.json().scheduledId)).kind).toBe('undo')
    await h.call(grace, 'DELETE', `/api/gmail/scheduled/${waiting.json().scheduledId}`)
    await h.call(grace, 'PUT', '/api/user/settings', { undoSendSeconds: 5 })
  })

  it.each([
    ['in the past', () => inSeconds(-60)],
    ['too soon', () => new Date(Date.now() + 200).toISOString()],
    ['over a year ahead', () => inSeconds(400 * 24 * 3600)],
    ['not a date', () => 'next tuesday'],
  ])('answers 400 naming sendAt when it is %s', async (_, at) => {
    const answer = await send(ada, { subject: 'BadTime', sendAt: at() })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error.message).toMatch(/sendAt/)
  })

  it('sends a scheduled message once at its time, with its file, and Sent shows it', async () => {
    const answer = await send(ada, {
      subject: 'LaterOnce',
      sendAt: inSeconds(2),
      attachments: [
        {
          filename: 'agenda.txt',
          mimeType: 'text/plain',
          contentBase64: Buffer.from('1. Budget').toString('base64'),
        },
      ],
    })
    expect(answer.statusCode).toBe(202)
    const { scheduledId, sendAt } = answer.json()
    expect(Date.parse(sendAt)).toBeGreaterThan(Date.now() - 5000)
    const listed = await h.call(ada, 'GET', '/api/gmail/scheduled')
    expect(listed.json().scheduled).toContainEqual(
      expect.objectContaining({ id: scheduledId, subject: 'LaterOnce', to: ['grace@example.com'] }),
    )
    // Until then it is a draft.
    expect(await draftIds()).toContain((await row(scheduledId)).draftId)

    const sent = await statusOf(scheduledId, 'sent')
    expect(await sentCount('LaterOnce')).toBe(1)
    expect(await draftIds()).not.toContain(sent.draftId)
    const message = await gmail<{ payload?: { parts?: { filename?: string }[] } }>(
      `messages/${sent.sentMessageId}`,
    )
    expect(message.payload?.parts?.map((p) => p.filename)).toContain('agenda.txt')
    // The app's own Sent view has it, cached at send time.
    const sentView = await h.call(ada, 'GET', '/api/gmail/threads?label=SENT')
    expect(JSON.stringify(sentView.json())).toContain('LaterOnce')
    const after = await h.call(ada, 'GET', '/api/gmail/scheduled')
    expect(after.json().scheduled.map((s: { id: string }) => s.id)).not.toContain(scheduledId)
  })

  it('sends a scheduled reply into its thread, with In-Reply-To and References', async () => {
    // A message from Grace in Ada's Gmail, cached by a sync, as any mail she would answer.
    await gmail('messages', {
      method: 'POST',
      body: JSON.stringify({
        from: 'Grace Hopper <grace@example.com>',
        to: 'ada@example.com',
        subject: 'LaterThread',
        body_text: 'Shall we meet on Monday?',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    expect((await h.sync(ada)).statusCode).toBe(200)
    const listed = (await h.call(ada, 'GET', '/api/gmail/threads?limit=50')).json()
    const thread = listed.threads.find((t: { subject: string }) => t.subject === 'LaterThread')
    const detail = (await h.call(ada, 'GET', `/api/gmail/threads/${thread.id}`)).json()
    const original = detail.messages.at(-1)
    expect(original.headers.messageId).toBeTruthy()

    const answer = await send(ada, {
      to: 'grace@example.com',
      subject: 'Re: LaterThread',
      body: 'Monday suits me.',
      threadId: thread.id,
      replyToMessageId: original.id,
      sendAt: inSeconds(2),
    })
    expect(answer.statusCode, answer.body).toBe(202)
    expect((await row(answer.json().scheduledId)).threadId).toBe(thread.id)
    const sent = await statusOf(answer.json().scheduledId, 'sent')

    const raw = await gmail<{ raw: string; threadId: string }>(
      `messages/${sent.sentMessageId}?format=raw`,
    )
    expect(raw.threadId).toBe(thread.id)
    const parsed = await PostalMime.parse(Buffer.from(raw.raw, 'base64url'))
    expect(parsed.inReplyTo).toBe(original.headers.messageId)
    expect(parsed.references).toContain(original.headers.messageId)
    // In Gmail's thread: the question and the answer.
    const inGmail = await gmail<{ messages: { id: string }[] }>(`threads/${thread.id}`)
    expect(inGmail.messages.map((m) => m.id).sort()).toEqual(
      [original.id, sent.sentMessageId].sort(),
    )
  })

  it('records an AI draft sent later as an immediate send records it, once it has gone', async () => {
    const generated = await h.call(ada, 'POST', '/api/ai/generate-email', {
      userInput: 'Thank Grace for the agenda',
    })
    expect(generated.statusCode, generated.body).toBe(200)
    const aiDraftId = generated.json().draftId as string
    const draftOf = async () =>
      (await h.db.select().from(aiDrafts).where(eq(aiDrafts.id, aiDraftId)))[0]!
    const body = 'Dear Grace,\n\nThank you for the agenda; I made one change.\n\nAda'
    const answer = await send(ada, { subject: 'LaterAi', body, aiDraftId, sendAt: inSeconds(2) })
    expect(answer.statusCode).toBe(202)
    // Not before it goes: a message still waiting may be cancelled.
    expect((await draftOf()).status).toBe('draft')
    await statusOf(answer.json().scheduledId, 'sent')
    const recorded = await until(draftOf, (d) => d.status === 'sent', {
      waitingFor: 'the AI draft to be recorded as sent',
    })
    expect(recorded.finalVersion).toBe(body)
  })

  it('cancels: the draft stays, the answer reopens it, and a second cancel is a 409', async () => {
    const { scheduledId } = (
      await send(ada, { subject: 'CancelKeeps', sendAt: inSeconds(3600) })
    ).json()
    // While it waits, its draft shows in Scheduled only, not in Drafts (as in Gmail).
    const draftsView = async () =>
      ((await h.call(ada, 'GET', '/api/gmail/drafts')).json().drafts as { subject: string }[]).map(
        (d) => d.subject,
      )
    expect(await draftsView()).not.toContain('CancelKeeps')
    const cancelled = await h.call(ada, 'DELETE', `/api/gmail/scheduled/${scheduledId}`)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().draft).toMatchObject({
      subject: 'CancelKeeps',
      body: expect.stringContaining('See you on Monday.'),
      to: expect.stringContaining('grace@example.com'),
    })
    expect(await draftIds()).toContain(cancelled.json().draft.id)
    expect(await draftsView()).toContain('CancelKeeps')
    const again = await h.call(ada, 'DELETE', `/api/gmail/scheduled/${scheduledId}`)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toMatch(/cancelled/)
  })

  it('moves a message to a new time, and it goes then', async () => {
    const { scheduledId } = (
      await send(ada, { subject: 'MovedUp', sendAt: inSeconds(3600) })
    ).json()
    const moved = await h.call(ada, 'PATCH', `/api/gmail/scheduled/${scheduledId}`, {
      sendAt: inSeconds(2),
    })
    expect(moved.statusCode).toBe(200)
    await statusOf(scheduledId, 'sent')
    expect(await sentCount('MovedUp')).toBe(1)
    const late = await h.call(ada, 'DELETE', `/api/gmail/scheduled/${scheduledId}`)
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toMatch(/already been sent/)
  })

  it("answers 404 for another user's scheduled message, and 400 for a bad new time", async () => {
    const { scheduledId } = (
      await send(ada, { subject: 'NotYours', sendAt: inSeconds(3600) })
    ).json()
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [session, id] of [
      [grace, scheduledId],
      [ada, unknown],
    ] as const) {
      const cancel = await h.call(session, 'DELETE', `/api/gmail/scheduled/${id}`)
      expect(cancel.statusCode).toBe(404)
      expect(cancel.json().error.message).toBe('id: You have no scheduled message with this id')
      // Grace is on Free: the 404 still comes first, so she learns nothing of Ada's message.
      const patch = await h.call(session, 'PATCH', `/api/gmail/scheduled/${id}`, {
        sendAt: inSeconds(7200),
      })
      expect(patch.statusCode).toBe(404)
      expect(patch.json().error.message).toBe('id: You have no scheduled message with this id')
    }
    const past = await h.call(ada, 'PATCH', `/api/gmail/scheduled/${scheduledId}`, {
      sendAt: inSeconds(-10),
    })
    expect(past.statusCode).toBe(400)
    expect(past.json().error.message).toMatch(/sendAt/)
    expect((await row(scheduledId)).status).toBe('scheduled')
    expect((await h.call(ada, 'DELETE', '/api/gmail/scheduled/not-an-id')).statusCode).toBe(400)
  })

  it('Undo send: the message waits its window, and Undo within it sends nothing', async () => {
    await h.call(ada, 'PUT', '/api/user/settings', { undoSendSeconds: 5 })
    const undone = await send(ada, { subject: 'UndoneNever', undo: true })
    expect(undone.statusCode).toBe(202)
    expect(undone.json().kind).toBe('undo')
    const cancelled = await h.call(
      ada,
      'DELETE',
      `/api/gmail/scheduled/${undone.json().scheduledId}`,
    )
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().draft.subject).toBe('UndoneNever')

    // One not undone, sent after the undone one's time: by then the undone one would have gone.
    const kept = await send(ada, { subject: 'UndoKept', undo: true })
    expect(kept.statusCode).toBe(202)
    await statusOf(kept.json().scheduledId, 'sent')
    expect(await sentCount('UndoKept')).toBe(1)
    expect(await sentCount('UndoneNever')).toBe(0)

    // With the window off, Send sends at once.
    await h.call(ada, 'PUT', '/api/user/settings', { undoSendSeconds: 0 })
    const now = await send(ada, { subject: 'UndoOff', undo: true })
    expect(now.statusCode).toBe(200)
    expect(await sentCount('UndoOff')).toBe(1)
    await h.call(ada, 'PUT', '/api/user/settings', { undoSendSeconds: 5 })
  })

  it('a user downgraded to Free still has what was accepted sent, and new Send later refused', async () => {
    const proUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000)
    await h.db
      .update(users)
      .set({ plan: 'pro', proExpiration: proUntil })
      .where(eq(users.email, 'grace@example.com'))
    const accepted = await send(grace, { subject: 'AcceptedAsPro', sendAt: inSeconds(2) })
    expect(accepted.statusCode).toBe(202)
    await h.db
      .update(users)
      .set({ plan: 'free', proExpiration: null })
      .where(eq(users.email, 'grace@example.com'))
    const sent = await statusOf(accepted.json().scheduledId, 'sent')
    expect(sent.sentMessageId).toBeTruthy()
    const refused = await send(grace, { subject: 'NewAsFree', sendAt: inSeconds(3600) })
    expect(refused.statusCode).toBe(403)
  })

  it('account deletion takes the scheduled sends with it: nothing goes out for a deleted account', async () => {
    const hedy = (await signIn(h, 'hedy@example.com')).session!
    const proUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000)
    await h.db
      .update(users)
      .set({ plan: 'pro', proExpiration: proUntil })
      .where(eq(users.email, 'hedy@example.com'))
    const hedyGmail = standInGmail(h, await accessTokenOf(h, 'hedy@example.com'))
    const doomed = await send(hedy, { subject: 'NeverFromHedy', sendAt: inSeconds(3) })
    expect(doomed.statusCode).toBe(202)
    const deleted = await h.call(hedy, 'DELETE', '/api/user', { confirm: 'DELETE' })
    expect(deleted.statusCode).toBe(204)
    expect(
      await h.db
        .select()
        .from(scheduledSends)
        .where(eq(scheduledSends.id, doomed.json().scheduledId)),
    ).toEqual([])
    // A message of Ada's due after Hedy's has gone: by then Hedy's would have gone too.
    const later = await send(ada, { subject: 'AfterHedy', sendAt: inSeconds(4) })
    await statusOf(later.json().scheduledId, 'sent')
    const found = await hedyGmail<{ messages?: unknown[] }>(
      `messages?labelIds=SENT&q=${encodeURIComponent('subject:NeverFromHedy')}&includeSpamTrash=true`,
    )
    expect(found.messages ?? []).toEqual([])
  })

  it('two instances on one database send each due message once', async () => {
    const twin = await h.anotherInstance()
    await twin.ready()
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const answer = await send(
        ada,
        { subject: `TwinOnce${i}`, sendAt: inSeconds(2) },
        i % 2 ? twin : h.app,
      )
      ids.push(answer.json().scheduledId)
    }
    for (const id of ids) await statusOf(id, 'sent')
    for (let i = 0; i < 4; i++) expect(await sentCount(`TwinOnce${i}`)).toBe(1)
  })

  it('sends a message once when its job is handed to another instance while the first still sends it', async () => {
    const twin = await h.anotherInstance()
    await twin.ready()
    const { scheduledId } = (
      await send(ada, { subject: 'RacedOnce', sendAt: inSeconds(3600) })
    ).json()
    // Its first send is held before it reaches Gmail (less than the 10 s a `sending` row must be
    // silent before another instance may take it over): a second taker meanwhile finds nothing
    // in Gmail, and only the row's claim keeps it from sending the message again.
    const HOLD_MS = 4_000
    let sends = 0
    let heldUntil = 0
    fault = ({ method, path }) => {
      if (method !== 'POST' || !path.includes('/messages/send')) return null
      sends++
      if (sends > 1) return null
      heldUntil = Date.now() + HOLD_MS
      return { delayMs: HOLD_MS }
    }
    // It falls due: one instance's worker takes its job, the row, and asks Gmail.
    await h.pool.query(
      `with due as (
         update scheduled_sends set send_at = now() - interval '1 second' where id = $1
         returning id
       )
       update pgboss.job set start_after = now()
        where name = 'scheduled-send' and singleton_key in (select id::text from due)`,
      [scheduledId],
    )
    await until(
      async () => sends,
      (n) => n === 1,
      { waitingFor: 'the first send to reach the proxy' },
    )
    // Its instance is taken for gone while it still sends (decision 044: silent past its lease),
    // and its job is handed back as the sweep's boss.fail does: to be retried at once. That
    // instance's worker is busy with it, so another instance's worker takes it, as a queue does.
    const {
      rows: [job],
    } = await h.pool.query<{ id: string }>(
      `update pgboss.job set state = 'retry', start_after = now()
        where name = 'scheduled-send' and singleton_key = $1 and state = 'active'
        returning id`,
      [scheduledId],
    )
    expect(job, 'the job running the first send').toBeDefined()
    const sent = await statusOf(scheduledId, 'sent')
    // The job ran a second time, and while the first send was still held: the race happened.
    const {
      rows: [again],
    } = await h.pool.query<{ retry_count: number; started_on: Date }>(
      'select retry_count, started_on from pgboss.job where id = $1',
      [job!.id],
    )
    expect(again!.retry_count, 'the job ran again').toBe(1)
    expect(again!.started_on.getTime(), 'it ran again during the held send').toBeLessThan(heldUntil)
    expect(sends, 'sends that reached Gmail').toBe(1)
    expect(await sentCount('RacedOnce')).toBe(1)
    expect(sent.sentMessageId).toBeTruthy()
  })

  it('goes at its time after the instance that accepted it stopped', async () => {
    const accepting = await h.anotherInstance()
    await accepting.ready()
    const { scheduledId } = (
      await send(ada, { subject: 'AfterRestart', sendAt: inSeconds(3) }, accepting)
    ).json()
    await accepting.close()
    await statusOf(scheduledId, 'sent')
    expect(await sentCount('AfterRestart')).toBe(1)
  })

  it('after a crash mid-send, settles what Gmail has and sends what it lacks, once each', async () => {
    const wentOut = (await send(ada, { subject: 'CrashWent', sendAt: inSeconds(3600) })).json()
    const lost = (await send(ada, { subject: 'CrashLost', sendAt: inSeconds(3600) })).json()
    // The instance died after Gmail accepted the first (its bytes, its Message-ID) ...
    const draft = await gmail<{ message: { raw: string } }>(
      `drafts/${(await row(wentOut.scheduledId)).draftId}?format=raw`,
    )
    await gmail('messages/send', {
      method: 'POST',
      body: JSON.stringify({ raw: draft.message.raw }),
    })
    // ... and before it sent the second: both rows were left `sending`, their jobs gone.
    for (const id of [wentOut.scheduledId, lost.scheduledId]) {
      await h.pool.query(
        `update scheduled_sends set status = 'sending', send_at = now() - interval '1 minute',
           updated_at = now() - interval '1 minute' where id = $1`,
        [id],
      )
      await h.pool.query(
        `delete from pgboss.job where name = 'scheduled-send' and singleton_key = $1`,
        [id],
      )
    }
    await statusOf(wentOut.scheduledId, 'sent')
    await statusOf(lost.scheduledId, 'sent')
    expect(await sentCount('CrashWent')).toBe(1)
    expect(await sentCount('CrashLost')).toBe(1)
  })

  it('fails a send Gmail refuses, with the reason, keeps the draft, and does not retry it', async () => {
    let sends = 0
    fault = ({ method, path }) => {
      if (method === 'POST' && path.includes('/messages/send')) {
        sends++
        return { status: 400, body: JSON.stringify({ error: { code: 400, message: 'Invalid' } }) }
      }
      return null
    }
    const { scheduledId } = (await send(ada, { subject: 'Refused', sendAt: inSeconds(2) })).json()
    const failed = await statusOf(scheduledId, 'failed')
    expect(failed.error).toMatch(/refused/i)
    expect(sends).toBe(1)
    expect(await draftIds()).toContain(failed.draftId)
    const listed = await h.call(ada, 'GET', '/api/gmail/scheduled')
    expect(listed.json().scheduled).toContainEqual(
      expect.objectContaining({ id: scheduledId, status: 'failed', error: failed.error }),
    )
    // A sweep later, it is still failed and Gmail was not asked again.
    const [other] = [(await send(ada, { subject: 'AfterRefused', sendAt: inSeconds(2) })).json()]
    fault = () => null
    await statusOf(other.scheduledId, 'sent')
    expect(sends).toBe(1)
    expect((await row(scheduledId)).status).toBe('failed')
  })

  it('tries again a few times when Gmail fails on its side, then fails', async () => {
    let sends = 0
    fault = ({ method, path }) => {
      if (method === 'POST' && path.includes('/messages/send')) {
        sends++
        return { status: 503 }
      }
      return null
    }
    const { scheduledId } = (
      await send(ada, { subject: 'Unavailable', sendAt: inSeconds(2) })
    ).json()
    const failed = await statusOf(scheduledId, 'failed')
    expect(failed.error).toMatch(/Gmail/)
    expect(sends).toBe(3)
    expect(await sentCount('Unavailable')).toBe(0)
  })

  it('fails a send whose Gmail grant is gone at its time, saying so, and keeps the draft', async () => {
    fault = ({ method, path }) =>
      method === 'POST' && path.includes('/messages/send')
        ? {
            status: 401,
            body: JSON.stringify({ error: { code: 401, message: 'Invalid Credentials' } }),
          }
        : null
    const { scheduledId } = (await send(ada, { subject: 'GrantGone', sendAt: inSeconds(2) })).json()
    const failed = await statusOf(scheduledId, 'failed')
    expect(failed.error).toBe(
      'Gmail is not connected. Connect it again in Settings, then send the message from Drafts',
    )
    const listed = await h.call(ada, 'GET', '/api/gmail/scheduled')
    expect(listed.json().scheduled).toContainEqual(
      expect.objectContaining({ id: scheduledId, status: 'failed', error: failed.error }),
    )
    // Connected again, the message is in Drafts, and it never went.
    fault = () => null
    ada = (await signIn(h, 'ada@example.com')).session!
    gmail = standInGmail(h, await accessTokenOf(h, 'ada@example.com'))
    expect(await draftIds()).toContain(failed.draftId)
    const drafts = (await h.call(ada, 'GET', '/api/gmail/drafts')).json().drafts
    expect(drafts.map((d: { subject: string }) => d.subject)).toContain('GrantGone')
    expect(await sentCount('GrantGone')).toBe(0)
  })

  it('cancels waiting mail when Gmail is disconnected', async () => {
    const { scheduledId } = (
      await send(ada, { subject: 'Disconnected', sendAt: inSeconds(3600) })
    ).json()
    await h.call(ada, 'POST', '/api/auth/gmail/disconnect')
    expect((await row(scheduledId)).status).toBe('cancelled')
  })
})

describe('Undo send on an instance that looks for due mail once a minute', () => {
  let h: Harness
  let ada: string

  beforeAll(async () => {
    h = await startHarness({
      users: [{ email: 'ada@example.com', name: 'Ada Lovelace' }],
      config: {
        scheduledSend: {
          minLeadSeconds: 1,
          sweepSeconds: 30,
          sendingStaleSeconds: 90,
          retryBaseSeconds: 30,
          batchSize: 4,
          // Longer than any wait below: what goes out is woken at its time.
          pollingSeconds: 60,
        },
      },
    })
    ada = (await signIn(h, 'ada@example.com')).session!
  })
  afterAll(async () => {
    await h?.close()
  })

  it('sends at the window’s end, not at the next look', async () => {
    await h.call(ada, 'PUT', '/api/user/settings', { undoSendSeconds: 5 })
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/gmail/send',
      headers: sameOrigin,
      cookies: { inkwell_session: ada },
      payload: { to: 'grace@example.com', subject: 'WokenUp', body: 'On time.', undo: true },
    })
    expect(answer.statusCode).toBe(202)
    const id = answer.json().scheduledId as string
    await until(
      async () => (await h.db.select().from(scheduledSends).where(eq(scheduledSends.id, id)))[0],
      (row) => row?.status === 'sent',
      { waitingFor: 'the Undo send to go out' },
    )
  })
})
