import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import PostalMime from 'postal-mime'
import { emailThreads, mailSyncState, users } from '../../../db/schema.js'
import { sameOrigin, signIn, startHarness, type Harness } from '../../../test/harness.js'
import { until } from '../../../test/eventually.js'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

const ADA = 'ada@example.com'

async function allThreadIds(gmail: StandInGmail, query = '') {
  const ids: string[] = []
  let pageToken = ''
  do {
    const page = await gmail<{ threads?: { id: string }[]; nextPageToken?: string }>(
      `threads?maxResults=500${query}${pageToken ? `&pageToken=${pageToken}` : ''}`,
    )
    ids.push(...(page.threads ?? []).map((t) => t.id))
    pageToken = page.nextPageToken ?? ''
  } while (pageToken)
  return ids.sort()
}

async function cachedThreadIds(h: Harness, email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  const rows = await h.db
    .select({ id: emailThreads.threadId })
    .from(emailThreads)
    .where(eq(emailThreads.userId, user!.id))
  return rows.map((r) => r.id).sort()
}

describe('the mail sync engine against the Gmail stand-in', () => {
  let h: Harness
  let session: string
  let gmail: StandInGmail

  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
    session = (await signIn(h, ADA)).session!
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
  })
  afterAll(async () => h?.close())

  it('shows the first page of the inbox on the first visit, newest first', async () => {
    const response = await h.call(session, 'GET', '/api/gmail/threads?limit=50')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.threads).toHaveLength(50)
    const times = body.threads.map((t: { timestamp: string }) => Date.parse(t.timestamp))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const first = body.threads[0]
    expect(first).toMatchObject({
      id: expect.any(String),
      sender: { name: expect.any(String), email: expect.stringContaining('@') },
      headers: { messageId: expect.stringMatching(/^<.+>$/) },
    })
    expect(first.labels).toContain('INBOX')
    // User labels arrive by name, not by Gmail's ids.
    const all = (await h.call(session, 'GET', '/api/gmail/threads?limit=500')).json().threads
    const labels = new Set(all.flatMap((t: { labels: string[] }) => t.labels))
    expect(labels).toContain('Clients')
    expect([...labels].some((l) => String(l).startsWith('Label_'))).toBe(false)
  })

  it('completes the first sync: the cache holds every thread Gmail lists', async () => {
    const result = await h.sync(session)
    expect(result.statusCode).toBe(200)
    expect(await cachedThreadIds(h, ADA)).toEqual(await allThreadIds(gmail))
    const inbox = await allThreadIds(gmail, '&labelIds=INBOX')
    const listed = (await h.call(session, 'GET', '/api/gmail/threads?limit=500')).json()
    expect(listed.total).toBe(inbox.length)
    expect(listed.threads.map((t: { id: string }) => t.id).sort()).toEqual(inbox)
  })

  it('pages past the first page with a cursor, without repeats', async () => {
    const seen: string[] = []
    let cursor = ''
    do {
      const page = (
        await h.call(
          session,
          'GET',
          `/api/gmail/threads?limit=40${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json()
      seen.push(...page.threads.map((t: { id: string }) => t.id))
      cursor = page.nextCursor ?? ''
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.sort()).toEqual(await allThreadIds(gmail, '&labelIds=INBOX'))
  })

  it('picks up a new message, a label change and a deletion made in Gmail', async () => {
    const inserted = await gmail<{ id: string; threadId: string }>('messages', {
      method: 'POST',
      body: JSON.stringify({
        from: 'Zoë Example <zoe@example.org>',
        to: ADA,
        subject: 'Fresh from Gmail',
        body_text: 'This arrived after the first sync.',
        labelIds: ['INBOX', 'UNREAD'],
      }),
    })
    const [toStar, toDelete] = (await h.call(session, 'GET', '/api/gmail/threads?limit=3'))
      .json()
      .threads.slice(1)
    await gmail(`threads/${toStar.id}/modify`, {
      method: 'POST',
      body: JSON.stringify({ addLabelIds: ['STARRED'], removeLabelIds: ['UNREAD'] }),
    })
    await gmail(`threads/${toDelete.id}`, { method: 'DELETE' })

    const sync = (await h.sync(session)).json()
    expect(sync.full).toBe(false)

    const list = (await h.call(session, 'GET', '/api/gmail/threads?limit=500')).json()
    const byId = new Map(list.threads.map((t: { id: string }) => [t.id, t]))
    expect(byId.get(inserted.threadId)).toMatchObject({
      subject: 'Fresh from Gmail',
      isUnread: true,
    })
    expect(byId.get(toStar.id)).toMatchObject({ isStarred: true, isUnread: false })
    expect(byId.has(toDelete.id)).toBe(false)
    expect(await cachedThreadIds(h, ADA)).toEqual(await allThreadIds(gmail))
  })

  it('archives, stars, flags and trashes in Gmail and in the cache', async () => {
    const [a, b, c] = (await h.call(session, 'GET', '/api/gmail/threads?limit=3')).json().threads
    const archived = await h.call(session, 'POST', `/api/gmail/threads/${a.id}/actions`, {
      action: 'archive',
    })
    expect(archived.json().labels).not.toContain('INBOX')
    const starred = await h.call(session, 'POST', `/api/gmail/threads/${b.id}/actions`, {
      action: 'star',
    })
    expect(starred.json().isStarred).toBe(true)
    const flagged = await h.call(session, 'POST', `/api/gmail/threads/${b.id}/actions`, {
      action: 'flag',
    })
    expect(flagged.json().labels).toContain('Follow-up')
    await h.call(session, 'POST', `/api/gmail/threads/${c.id}/actions`, { action: 'trash' })

    const inGmail = async (id: string) =>
      (
        await gmail<{ messages: { labelIds: string[] }[] }>(`threads/${id}?includeSpamTrash=true`)
      ).messages.flatMap((m) => m.labelIds)
    expect(await inGmail(a.id)).not.toContain('INBOX')
    expect(await inGmail(b.id)).toContain('STARRED')
    const labels = await gmail<{ labels: { id: string; name: string }[] }>('labels')
    const followUp = labels.labels.find((l) => l.name === 'Follow-up')!
    expect(await inGmail(b.id)).toContain(followUp.id)
    expect(await inGmail(c.id)).toContain('TRASH')

    const ids = (await h.call(session, 'GET', '/api/gmail/threads?limit=500'))
      .json()
      .threads.map((t: { id: string }) => t.id)
    expect(ids).not.toContain(a.id)
    expect(ids).not.toContain(c.id)
    expect(ids).toContain(b.id)
    expect((await h.call(session, 'GET', '/api/gmail/unread-count')).json().count).toBeGreaterThan(
      0,
    )
  })

  it('sends a reply into the same thread with In-Reply-To and References', async () => {
    const thread = (await h.call(session, 'GET', '/api/gmail/threads?limit=5')).json().threads[0]
    const detail = (await h.call(session, 'GET', `/api/gmail/threads/${thread.id}`)).json()
    const original = detail.messages.at(-1)
    const sent = await h.call(session, 'POST', '/api/gmail/send', {
      to: original.sender.email,
      subject: `Re: ${detail.subject}`,
      body: 'Thanks — sounds good to me.',
      threadId: thread.id,
      replyToMessageId: original.id,
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json().threadId).toBe(thread.id)

    const raw = await gmail<{ raw: string }>(`messages/${sent.json().id}?format=raw`)
    const parsed = await PostalMime.parse(Buffer.from(raw.raw, 'base64url'))
    expect(parsed.inReplyTo).toBe(original.headers.messageId)
    expect(parsed.references).toContain(original.headers.messageId)
    const after = (await h.call(session, 'GET', `/api/gmail/threads/${thread.id}`)).json()
    expect(after.messages).toHaveLength(detail.messages.length + 1)
  })

  it('sends a new message with an attachment that arrives intact, UTF-8 names included', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))
    const sent = await h.call(session, 'POST', '/api/gmail/send', {
      to: 'Grace Hopper <grace@example.com>',
      cc: 'ops@example.com',
      subject: 'Überprüfung — Q3 numbers',
      body: 'The numbers are attached.',
      attachments: [
        {
          filename: 'Zahlen-Übersicht.bin',
          mimeType: 'application/octet-stream',
          contentBase64: bytes.toString('base64'),
        },
      ],
    })
    expect(sent.statusCode).toBe(200)
    const detail = (
      await h.call(session, 'GET', `/api/gmail/threads/${sent.json().threadId}`)
    ).json()
    const message = detail.messages[0]
    expect(message.subject).toBe('Überprüfung — Q3 numbers')
    expect(message.attachments[0]).toMatchObject({ filename: 'Zahlen-Übersicht.bin' })
    const download = await h.call(
      session,
      'GET',
      `/api/gmail/messages/${message.id}/attachments/${encodeURIComponent(message.attachments[0].attachmentId)}`,
    )
    expect(download.statusCode).toBe(200)
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0)
  })

  it('saves a draft in Gmail and updates the same draft', async () => {
    const first = await h.call(session, 'POST', '/api/gmail/drafts', {
      to: 'grace@example.com',
      subject: 'Half-written',
      body: 'First thoughts',
    })
    expect(first.statusCode).toBe(200)
    const { draftId } = first.json()
    const again = await h.call(session, 'POST', '/api/gmail/drafts', {
      to: 'grace@example.com',
      subject: 'Half-written',
      body: 'Second thoughts',
      draftId,
    })
    expect(again.json().draftId).toBe(draftId)
    const drafts = await gmail<{ drafts: { id: string }[] }>('drafts')
    expect(drafts.drafts.map((d) => d.id)).toContain(draftId)
    const draft = await gmail<{ message: { id: string } }>(`drafts/${draftId}`)
    const raw = await gmail<{ raw: string }>(`messages/${draft.message.id}?format=raw`)
    expect(Buffer.from(raw.raw, 'base64url').toString()).toContain('Second thoughts')
  })

  it('searches the whole cached mailbox, archived mail included', async () => {
    const archived = (await h.call(session, 'GET', '/api/gmail/threads?label=INBOX&limit=1')).json()
      .threads[0]
    await h.call(session, 'POST', `/api/gmail/threads/${archived.id}/actions`, {
      action: 'archive',
    })
    const word = archived.subject.split(/\s+/).find((w: string) => w.length > 4) ?? archived.subject
    const found = (
      await h.call(session, 'GET', `/api/gmail/threads?q=${encodeURIComponent(word)}`)
    ).json()
    expect(found.threads.map((t: { id: string }) => t.id)).toContain(archived.id)
    expect(found.total).toBe(found.threads.length)
    const none = (await h.call(session, 'GET', '/api/gmail/threads?q=zzqqxxnothing')).json()
    expect(none).toMatchObject({ threads: [], total: 0 })
  })

  it('refreshes an expired access token and keeps the new one, sealed', async () => {
    const [before] = await h.db.select().from(users).where(eq(users.email, ADA))
    await h.db
      .update(users)
      .set({ gmailTokenExpiresAt: new Date(1000) })
      .where(eq(users.email, ADA))
    expect((await h.sync(session)).statusCode).toBe(200)
    // The new token is stored off the request path.
    const after = await until(
      async () => (await h.db.select().from(users).where(eq(users.email, ADA)))[0],
      (row) => row!.gmailAccessToken !== before!.gmailAccessToken,
      { waitingFor: 'the refreshed token stored' },
    )
    expect(h.secrets.open(after!.gmailAccessToken!)).toMatch(/^google_/)
    expect(after!.gmailTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now())
  })

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const missing = await h.call(session, 'POST', '/api/gmail/send', {
      to: '',
      subject: 'x',
      body: 'y',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.message).toContain('Recipient is required')
    const action = await h.call(session, 'POST', '/api/gmail/threads/whatever/actions', {
      action: 'explode',
    })
    expect(action.statusCode).toBe(400)
    const cursor = await h.call(session, 'GET', '/api/gmail/threads?cursor=nonsense')
    expect(cursor.statusCode).toBe(400)
  })

  it("never shows one user's mail to another", async () => {
    const grace = (await signIn(h, 'grace@example.com')).session!
    const adaThread = (await h.call(session, 'GET', '/api/gmail/threads?limit=1')).json().threads[0]
    expect((await h.call(grace, 'GET', `/api/gmail/threads/${adaThread.id}`)).statusCode).toBe(404)
    const act = await h.call(grace, 'POST', `/api/gmail/threads/${adaThread.id}/actions`, {
      action: 'trash',
    })
    expect(act.statusCode).toBe(404)
  })
})

describe('sync under trouble', () => {
  let h: Harness
  let fault: (request: { method: string; path: string; count: number }) => Fault | null = () => null
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>

  beforeAll(async () => {
    h = await startHarness({
      withMailbox: true,
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target, { fault: (r) => fault(r) })
        return proxy.url
      },
    })
  })
  afterEach(() => {
    fault = () => null
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  it('completes with 429s and 500s injected, nothing lost or duplicated', async () => {
    // Every distinct Gmail call fails twice (a 429, then a 500) before it may pass.
    const attempts = new Map<string, number>()
    fault = ({ method, path }) => {
      const key = `${method} ${path}`
      const n = (attempts.get(key) ?? 0) + 1
      attempts.set(key, n)
      return n === 1
        ? { status: 429, headers: { 'retry-after': '0' } }
        : n === 2
          ? { status: 500 }
          : null
    }
    const session = (await signIn(h, ADA)).session!
    const first = await h.call(session, 'GET', '/api/gmail/threads?limit=50')
    expect(first.statusCode).toBe(200)
    expect((await h.sync(session)).statusCode).toBe(200)
    expect(proxy.log.some((l) => l.status === 429)).toBe(true)
    expect(proxy.log.some((l) => l.status === 500)).toBe(true)

    fault = () => null
    const gmail = standInGmail(h, await accessTokenOf(h, ADA))
    const cached = await cachedThreadIds(h, ADA)
    expect(new Set(cached).size).toBe(cached.length)
    expect(cached).toEqual(await allThreadIds(gmail))
  })

  it('does not undo an archive with a copy of the thread a sync fetched before it', async () => {
    const session = (await signIn(h, ADA)).session!
    await h.call(session, 'GET', '/api/gmail/threads?limit=10')
    await h.sync(session)
    const [thread] = (await h.call(session, 'GET', '/api/gmail/threads?limit=1')).json().threads
    // Starred in Gmail elsewhere: the next sync fetches the thread again.
    const gmail = standInGmail(h, await accessTokenOf(h, ADA))
    await gmail(`threads/${thread.id}/modify`, {
      method: 'POST',
      body: JSON.stringify({ addLabelIds: ['STARRED'] }),
    })
    // Gmail reads that copy at once (still in the inbox) and it arrives late, after the archive.
    let fetching = () => {}
    const fetched = new Promise<void>((resolve) => (fetching = resolve))
    const threadPath = `/threads/${thread.id}?`
    fault = ({ method, path }) => {
      if (method !== 'GET' || !path.includes(threadPath)) return null
      fetching()
      return { answerDelayMs: 700 }
    }
    const logged = proxy.log.length
    const sync = h.sync(session)
    await fetched
    const archived = await h.call(session, 'POST', `/api/gmail/threads/${thread.id}/actions`, {
      action: 'archive',
    })
    expect(archived.statusCode).toBe(200)
    expect((await sync).statusCode).toBe(200)

    const inbox = (await h.call(session, 'GET', '/api/gmail/threads?limit=500')).json()
    expect(inbox.threads.map((t: { id: string }) => t.id)).not.toContain(thread.id)
    // The late copy was not written, and the thread was fetched again: the star is there too.
    const opened = (await h.call(session, 'GET', `/api/gmail/threads/${thread.id}`)).json()
    expect(opened.labels).not.toContain('INBOX')
    expect(opened.isStarred).toBe(true)
    const fetches = proxy.log.slice(logged).filter((l) => l.path.includes(threadPath))
    expect(fetches.map((l) => l.method)).toEqual(['GET', 'GET'])
  })

  it('runs a full resync when Gmail answers 404 for a stale historyId', async () => {
    const session = (await signIn(h, 'grace@example.com')).session!
    await h.call(session, 'GET', '/api/gmail/threads?limit=10')
    await h.sync(session)
    const gmail = standInGmail(h, await accessTokenOf(h, 'grace@example.com'))
    const [gone] = await allThreadIds(gmail)
    await gmail(`threads/${gone}`, { method: 'DELETE' })

    fault = ({ path }) => (path.includes('/history') ? { status: 404 } : null)
    const sync = (await h.sync(session)).json()
    expect(sync.full).toBe(true)
    expect(await cachedThreadIds(h, 'grace@example.com')).toEqual(await allThreadIds(gmail))
  })

  it('never runs two syncs of one user at once, across app instances on one database', async () => {
    const session = (await signIn(h, ADA)).session!
    await h.sync(session)
    const twin = await h.anotherInstance()
    // Slow history calls make the two syncs overlap in time for certain.
    fault = ({ path }) => (path.includes('/history') ? { delayMs: 400 } : null)
    const before = proxy.log.length
    const request = (app: typeof h.app) =>
      app.inject({
        method: 'POST',
        url: '/api/gmail/sync',
        headers: { ...sameOrigin, prefer: 'wait=60' },
        cookies: { inkwell_session: session },
      })
    const [a, b] = await Promise.all([request(h.app), request(twin)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    // One sync, or a second one queued behind it (each Refresh wants a sync that starts after
    // it was asked for): never two reading Gmail at the same time.
    const calls = proxy.log.slice(before).filter((l) => l.path.includes('/history'))
    expect(calls.length).toBeGreaterThanOrEqual(1)
    calls.sort((x, y) => x.startedAt - y.startedAt)
    for (let i = 1; i < calls.length; i++) {
      expect(calls[i]!.startedAt).toBeGreaterThanOrEqual(calls[i - 1]!.endedAt)
    }
  })

  it('does not start a failing sync again on every read of the inbox', async () => {
    const session = (await signIn(h, 'grace@example.com')).session!
    await h.sync(session)
    const [grace] = await h.db.select().from(users).where(eq(users.email, 'grace@example.com'))
    /** Syncs of Grace's mailbox queued or running (a read may have asked for one). */
    const pendingSyncs = async () =>
      (
        await h.pool.query(
          `select 1 from pgboss.job
            where name = 'mail-sync' and singleton_key = $1 and state < 'completed'`,
          [grace!.id],
        )
      ).rowCount
    await until(pendingSyncs, (n) => n === 0, { waitingFor: 'the first syncs ended' })
    fault = ({ path }) => (path.includes('/history') ? { status: 400 } : null)
    const historyCalls = () => proxy.log.filter((l) => l.path.includes('/history')).length
    const before = historyCalls()
    expect((await h.sync(session)).statusCode).toBe(502)
    // The last good sync is long ago: every read would want a new one.
    await h.db
      .update(mailSyncState)
      .set({ lastSyncedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(mailSyncState.userId, grace!.id))
    for (let i = 0; i < 5; i++) {
      expect((await h.call(session, 'GET', '/api/gmail/threads?limit=5')).statusCode).toBe(200)
    }
    // A read queues its sync before it answers: any sync the reads asked for has run once
    // none is pending, and would have called history again.
    await until(pendingSyncs, (n) => n === 0, { waitingFor: 'no sync pending' })
    expect(historyCalls() - before).toBe(1)
  })

  it('marks Gmail disconnected when the grant was revoked at Google', async () => {
    const session = (await signIn(h, ADA)).session!
    const [row] = await h.db.select().from(users).where(eq(users.email, ADA))
    for (const token of [row!.gmailAccessToken!, row!.gmailRefreshToken!]) {
      await fetch(`${h.standIn.url}/oauth2/revoke`, {
        method: 'POST',
        body: new URLSearchParams({ token: h.secrets.open(token) }),
      })
    }
    // An expired access token makes the client refresh first, with the revoked refresh token.
    await h.db
      .update(users)
      .set({ gmailTokenExpiresAt: new Date(1000) })
      .where(eq(users.email, ADA))
    const response = await h.sync(session)
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('gmail_not_connected')
    const me = (await h.call(session, 'GET', '/api/auth/user')).json()
    expect(me.gmailConnected).toBe(false)
    expect((await h.call(session, 'GET', '/api/gmail/threads')).statusCode).toBe(401)
  })
})
