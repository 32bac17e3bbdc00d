import { until } from '../../../test/eventually.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { loadConfig } from '../../../config.js'
import { gmailQuota, mailSyncState, users } from '../../../db/schema.js'
import { startFaultProxy } from '../../../test/fault-proxy.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail } from '../../../test/stand-in-gmail.js'

const DAY = 86_400_000
const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'

/** Mail in Gmail `daysAgo` days old (archived: only a search or the backfill finds it). */
async function plant(h: Harness, email: string, daysAgo: number, subject: string, inbox = false) {
  const gmail = standInGmail(h, await accessTokenOf(h, email))
  return gmail<{ id: string; threadId: string }>('messages', {
    method: 'POST',
    body: JSON.stringify({
      from: 'Old Friend <friend@example.org>',
      to: email,
      subject,
      body_text: `${subject}, written long ago.`,
      internalDate: String(Date.now() - daysAgo * DAY),
      ...(inbox ? { labelIds: ['INBOX'] } : {}),
    }),
  })
}

async function userId(h: Harness, email: string) {
  const [row] = await h.db.select().from(users).where(eq(users.email, email))
  return row!.id
}

async function syncState(h: Harness, email: string) {
  const [row] = await h.db
    .select()
    .from(mailSyncState)
    .where(eq(mailSyncState.userId, await userId(h, email)))
  return row
}

/** Sets the user's backfill back: its next step starts over from the newest older mail. */
async function startBackfillOver(h: Harness, id: string) {
  await h.db
    .update(mailSyncState)
    .set({
      backfillDoneAt: null,
      backfillQuery: null,
      backfillPageToken: null,
      backfillThreads: 0,
      backfillOldestDate: null,
    })
    .where(eq(mailSyncState.userId, id))
}

/** Puts `tokens` in the user's shared quota bucket, as of now. */
async function setBucket(h: Harness, id: string, tokens: number) {
  await h.db
    .update(gmailQuota)
    .set({ tokens, updatedAt: new Date() })
    .where(eq(gmailQuota.userId, id))
}

/**
 * Gmail's own search, the other half of Search all mail. The proxy refuses it (400, which is
 * not retried: a 503 would spend the test's time on backoff), so a search here answers from
 * the cache alone: what the backfill has stored. The sync and the backfill list by date
 * (`q=after:…`, `q=before:…`) and pass.
 */
const isGmailSearch = (path: string) => {
  const q = new URL(path, 'http://gmail').searchParams.get('q')
  return q !== null && !/^(after|before):/.test(q)
}

/** Subjects Search all mail finds for `word` in the cache. */
const search = async (h: Harness, session: string, word: string) =>
  (await h.call(session, 'GET', `/api/gmail/threads?q=${word}`))
    .json()
    .threads.map((t: { subject: string }) => t.subject)

describe('the backfill of mail older than the sync window', () => {
  let h: Harness
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let listener: pg.Client
  const events: { type: string; threads: number; done: boolean; userId: string }[] = []
  /** While set, Gmail refuses the backfill's listings as over the user's quota. */
  let refuseBackfill = false

  beforeAll(async () => {
    const defaults = loadConfig({ INKWELL_MODE: 'demo' })
    h = await startHarness({
      withMailbox: false,
      // Paced to Gmail's 2026 budget (the bucket in PostgreSQL); two threads a step, so the
      // backfill pages on with its stored token.
      config: {
        gmailQuotaUnitsPerMinute: 6000,
        mailSync: { ...defaults.mailSync, backfillPageSize: 2 },
      },
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target, {
          fault: ({ path }) =>
            isGmailSearch(path)
              ? { status: 400 }
              : refuseBackfill && path.includes('q=before')
                ? { status: 429 }
                : null,
        })
        return proxy.url
      },
    })
    listener = new pg.Client(h.pool.options)
    await listener.connect()
    await listener.query('listen inkwell_events')
    listener.on('notification', (message) => {
      const { userId: id, event } = JSON.parse(message.payload!)
      if (event.type === 'mail.backfill') events.push({ ...event, userId: id })
    })
  })
  afterAll(async () => {
    await listener?.end()
    await h?.close()
    await proxy?.close()
  })

  it('fetches older mail newest first after the window, records progress, and search finds it', async () => {
    const session = (await signIn(h, ADA)).session!
    await plant(h, ADA, 2, 'Recent hello', true)
    const ages = [120, 200, 300, 400, 500]
    for (const age of ages) await plant(h, ADA, age, `Vintage${age} letter`)

    const first = (await h.call(session, 'GET', '/api/gmail/threads?limit=50')).json()
    expect(first.threads.map((t: { subject: string }) => t.subject)).toEqual(['Recent hello'])
    expect((await h.sync(session)).statusCode).toBe(200)

    const state = await until(
      () => syncState(h, ADA),
      (s) => Boolean(s?.backfillDoneAt),
    )
    expect(state!.backfillThreads).toBe(ages.length)
    const oldest = Date.now() - 500 * DAY
    expect(Math.abs(state!.backfillOldestDate!.getTime() - oldest)).toBeLessThan(60_000)

    // Newest first: each step's query went further back (page tokens, 2 threads a step).
    const steps = proxy.log.filter((c) => c.path.includes('q=before'))
    expect(steps.length).toBe(3)
    expect(steps.slice(1).every((c) => c.path.includes('pageToken='))).toBe(true)

    for (const age of ages)
      expect(await search(h, session, `Vintage${age}`)).toEqual([`Vintage${age} letter`])
    const list = (await h.call(session, 'GET', '/api/gmail/threads?limit=50')).json()
    expect(list.backfill).toEqual({
      done: true,
      threads: ages.length,
      oldestDate: state!.backfillOldestDate!.toISOString(),
    })
    const mine = events.filter((e) => e.userId === state!.userId)
    expect(mine.map((e) => e.threads)).toEqual([2, 4, 5])
    expect(mine.at(-1)!.done).toBe(true)

    // A later full resync (history expired) keeps what the backfill brought.
    await h.db
      .update(mailSyncState)
      .set({ fullSyncCompletedAt: null })
      .where(eq(mailSyncState.userId, state!.userId))
    expect((await h.sync(session)).json().full).toBe(true)
    expect(await search(h, session, 'Vintage500')).toEqual(['Vintage500 letter'])
  })

  it('waits while the shared quota bucket is spent, and resumes from its queued job', async () => {
    const session = (await signIn(h, GRACE)).session!
    const grace = await userId(h, GRACE)
    await h.call(session, 'GET', '/api/gmail/threads?limit=50')
    expect((await h.sync(session)).statusCode).toBe(200)
    await until(
      () => syncState(h, GRACE),
      (s) => Boolean(s?.backfillDoneAt),
    )
    // Old mail the finished backfill never saw; set back, it starts over from the newest.
    await plant(h, GRACE, 365, 'Yearold memo')
    await startBackfillOver(h, grace)
    // Another instance, or the user's own work, spent the bucket.
    await setBucket(h, grace, 0)
    const before = proxy.log.filter((c) => c.path.includes('q=before')).length
    expect((await h.sync(session)).statusCode).toBe(200)
    /** Grace's backfill jobs not yet ended: the one running, and the one waiting its turn. */
    const pending = async () =>
      (
        await h.pool.query<{ state: string; wait: number }>(
          `select state, extract(epoch from start_after - now())::float8 as wait from pgboss.job
            where name = 'mail-backfill' and singleton_key = $1
              and state in ('created', 'retry', 'active')`,
          [grace],
        )
      ).rows
    // Paced, not failed: the step that found the bucket spent has ended, and its successor
    // waits in the queue for the units it needs plus the reserve. Nothing runs before it.
    const [job] = await until(
      pending,
      (rows) => rows.length === 1 && rows[0]!.state === 'created' && rows[0]!.wait > 5,
      { waitingFor: 'the spent-bucket step to end, its successor queued for later' },
    )
    expect(job!.wait).toBeGreaterThan(10)
    // Meanwhile nothing else happened: no step asked Gmail for older mail, none was stored.
    expect(proxy.log.filter((c) => c.path.includes('q=before')).length).toBe(before)
    const state = await syncState(h, GRACE)
    expect(state!.backfillDoneAt).toBeNull()
    expect(await search(h, session, 'Yearold')).toEqual([])
    const list = (await h.call(session, 'GET', '/api/gmail/threads?limit=50')).json()
    expect(list.backfill).toEqual({ done: false, threads: 0, oldestDate: null })
    const [bucket] = await h.db.select().from(gmailQuota).where(eq(gmailQuota.userId, grace))
    expect(bucket!.tokens).toBeGreaterThanOrEqual(0)

    // The bucket refilled: the queued job (kept in PostgreSQL, as across a restart) runs.
    await setBucket(h, grace, 6000)
    await h.pool.query(
      `update pgboss.job set start_after = now()
        where name = 'mail-backfill' and singleton_key = $1 and state = 'created'`,
      [grace],
    )
    await until(
      () => syncState(h, GRACE),
      (s) => Boolean(s?.backfillDoneAt),
    )
    expect(proxy.log.filter((c) => c.path.includes('q=before')).length).toBeGreaterThan(before)
    expect(await search(h, session, 'Yearold')).toEqual(['Yearold memo'])
  })

  it('refused by Gmail as over the quota, empties the bucket and comes back when it can pay', async () => {
    const session = (await signIn(h, GRACE)).session!
    const grace = await userId(h, GRACE)
    await plant(h, GRACE, 400, 'Older memo')
    await startBackfillOver(h, grace)
    await setBucket(h, grace, 6000)
    refuseBackfill = true
    const refusedBefore = proxy.log.filter((c) => c.status === 429).length
    expect((await h.sync(session)).statusCode).toBe(200)
    // The step retries, each refusal emptying the bucket, then gives up; its successor waits
    // for the units a step and the reserve need (about 30 s here), not the minute a failure waits.
    const [job] = await until(
      async () =>
        (
          await h.pool.query<{ wait: number }>(
            `select extract(epoch from start_after - now())::float8 as wait from pgboss.job
              where name = 'mail-backfill' and singleton_key = $1 and state = 'created'`,
            [grace],
          )
        ).rows,
      (rows) => rows.length === 1 && rows[0]!.wait > 5,
      { ms: 60_000, waitingFor: 'the refused step to end, its successor queued' },
    )
    refuseBackfill = false
    expect(proxy.log.filter((c) => c.status === 429).length).toBeGreaterThan(refusedBefore)
    expect(job!.wait).toBeLessThan(45)
    const [bucket] = await h.db.select().from(gmailQuota).where(eq(gmailQuota.userId, grace))
    expect(bucket!.tokens).toBeLessThan(1000)
  }, 90_000)
})
