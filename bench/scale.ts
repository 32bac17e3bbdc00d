/**
 * `npm run bench:scale`: a mailbox ten times larger (issue 27). Prints figures beside their
 * targets; not a pass/fail test, and CI does not run it.
 *
 * 1. Seeds BENCH_THREADS threads (default 100,000) straight into the cache for one user, by
 *    one INSERT … SELECT generate_series (subjects, senders, labels and an unread mix), then
 *    ANALYZE, and times the read paths through the app: list pages, searches with operators
 *    (one matching half the mailbox), the unread badge and the label counts, and the size of
 *    the cache per 100,000 threads.
 * 2. Syncs a smaller mailbox (BENCH_SYNC_THREADS, default 1,000) from the Google stand-in and
 *    counts the quota units it spent, by call, under both price tables: units per 1,000
 *    threads, and so the time a 100,000-thread mailbox takes at each per-user quota.
 */
import { performance } from 'node:perf_hooks'
import { GMAIL_QUOTA } from '../src/server/features/mail/gmail/quota.js'
import { createMailRepository } from '../src/server/features/mail/store/repository.js'
import { parseSearch } from '../src/server/features/mail/store/search-query.js'
import { startGoogleStandIn } from '../src/server/standins/google.js'
import { startFaultProxy } from '../src/server/test/fault-proxy.js'
import { freePort } from '../src/server/test/free-port.js'
import { signIn } from '../src/server/test/google-sign-in.js'
import {
  BENCH_APP_URL,
  BENCH_REDIRECT_URI,
  ms,
  percentile,
  runBench,
  startBenchApp,
} from './support.js'
import { startBenchDatabase } from './database.js'
import { describeCalls, gmailCost } from './gmail-calls.js'

const THREADS = Number(process.env.BENCH_THREADS ?? 100_000)
const SYNC_THREADS = Number(process.env.BENCH_SYNC_THREADS ?? 1_000)
const BIG = { email: 'big@inkwell.demo', name: 'Big Mailbox' }
const SYNCED = { email: 'synced@inkwell.demo', name: 'Synced Mailbox' }

/**
 * The big mailbox, in one statement each: a thread and its one message per row of
 * generate_series, newest first over five years. A quarter in the Inbox, 15% unread, 2%
 * starred, categories and two user labels; 400 senders; every other thread says "update" (a
 * search that matches half the mailbox); one in eight has an attachment.
 */
const SEED_THREADS = `
  insert into email_threads (user_id, thread_id, subject, snippet, participants,
    last_message_date, latest_message_id, message_count, has_attachments, is_read, is_starred,
    labels, history_id)
  select $1, 'bench-' || g, s.subject, s.snippet, array['Sender ' || (g * 7 % 400)],
    now() - (g::float8 / $2 * interval '1825 days'), 'bench-m-' || g, 1 + g % 3, g % 8 = 0,
    g % 7 <> 0 and g % 13 <> 0, g % 50 = 0, s.labels, (1000000 + g)::text
  from generate_series(1, $2) as g,
  lateral (select
    (array['Quarterly report', 'Lunch on Friday?', 'Invoice', 'Your order has shipped',
      'Re: project plan', 'Weekly digest', 'Meeting notes', 'Trip itinerary',
      'Password reset', 'Fwd: contract draft', 'Team offsite', 'Newsletter'])[1 + g * 7919 % 12]
      || ' ' || g as subject,
    case when g % 2 = 0 then 'A short update on where things stand' else 'Following up on this'
      end || ', message ' || g as snippet,
    array_remove(array[
      case when g % 4 = 0 then 'INBOX' end,
      case when g % 7 = 0 or g % 13 = 0 then 'UNREAD' end,
      case when g % 50 = 0 then 'STARRED' end,
      case when g % 6 = 1 then 'SENT' end,
      (array['CATEGORY_PERSONAL', 'CATEGORY_UPDATES', 'CATEGORY_PROMOTIONS',
        'CATEGORY_SOCIAL'])[1 + g % 4],
      case when g % 9 = 0 then 'Label_work' end,
      case when g % 11 = 0 then 'Label_travel' end], null) as labels) as s`

const SEED_MESSAGES = `
  insert into email_messages (user_id, gmail_id, thread_id, history_id, internal_date, labels,
    snippet, subject, from_name, from_email, to_header, text_body, attachments)
  select t.user_id, t.latest_message_id, t.thread_id, t.history_id, t.last_message_date,
    t.labels, t.snippet, t.subject, t.participants[1],
    'sender' || (substr(t.thread_id, 7)::int * 7 % 400) || '@example'
      || (substr(t.thread_id, 7)::int % 17) || '.com',
    'big@inkwell.demo',
    t.snippet || E'.\\n\\nHello,\\n\\n' || repeat('Some words of the body. ', 20),
    case when t.has_attachments
      then '[{"attachmentId":"a","filename":"file.pdf","mimeType":"application/pdf","size":1000}]'::jsonb
      else '[]'::jsonb end
  from email_threads t where t.user_id = $1`

async function main() {
  const { database, stop: stopDatabase } = await startBenchDatabase('bench-scale')

  const standIn = await startGoogleStandIn({
    port: await freePort(),
    redirectUris: [BENCH_REDIRECT_URI],
    users: [BIG, SYNCED],
    threadsPerUser: SYNC_THREADS,
  })
  const proxy = await startFaultProxy(standIn.url, {})
  const { app } = await startBenchApp({
    database,
    standInUrl: standIn.url,
    gmailUrl: proxy.url,
    // The stand-in keeps no quota: the sync runs unpaced and its units are counted instead.
    env: { GMAIL_QUOTA_UNITS_PER_MINUTE: '0' },
  })
  const { pool } = database

  // 1. The big mailbox, in the cache only: its state says synced, so no read asks Gmail.
  const big = (await signIn({ app }, BIG.email)).session!
  const {
    rows: [owner],
  } = await pool.query<{ id: string }>('select id from users where email = $1', [BIG.email])
  const userId = owner!.id
  console.log(`Seeding ${THREADS.toLocaleString()} threads into the cache…`)
  let started = performance.now()
  await pool.query(SEED_THREADS, [userId, THREADS])
  await pool.query(SEED_MESSAGES, [userId])
  await pool.query(
    `insert into mail_sync_state (user_id, history_id, full_sync_completed_at, last_synced_at,
       backfill_done_at, label_names)
     values ($1, '1', now(), now() + interval '1 day', now(),
       '{"Work": "Label_work", "Travel": "Label_travel"}')
     on conflict (user_id) do update set history_id = '1', full_sync_completed_at = now(),
       last_synced_at = now() + interval '1 day', backfill_done_at = now(),
       label_names = excluded.label_names`,
    [userId],
  )
  await pool.query(
    `insert into mail_labels (user_id, label_id, name, type) values
       ($1, 'Label_work', 'Work', 'user'), ($1, 'Label_travel', 'Travel', 'user')
     on conflict do nothing`,
    [userId],
  )
  await pool.query('analyze')
  console.log(`  seeded and analyzed in ${ms(performance.now() - started)}`)

  const get = async (url: string) => {
    const at = performance.now()
    const response = await app.inject({ url, cookies: { inkwell_session: big } })
    const elapsed = performance.now() - at
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`)
    return { elapsed, body: response.json() as Record<string, unknown> }
  }

  // List pages: the Inbox walked page by page (each a different page, so none is a kept
  // answer), then the first page of each label.
  const listTimes: number[] = []
  let cursor: string | null = null
  for (let page = 0; page < 200; page++) {
    const { elapsed, body } = await get(
      `/api/gmail/threads?label=INBOX&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    listTimes.push(elapsed)
    cursor = body.nextCursor as string | null
    if (!cursor) break
  }
  for (const label of ['SENT', 'STARRED', 'Label_work', 'Label_travel', 'CATEGORY_UPDATES']) {
    for (const limit of [50, 51, 52, 53, 54]) {
      listTimes.push((await get(`/api/gmail/threads?label=${label}&limit=${limit}`)).elapsed)
    }
  }
  const inboxTotal = (await get('/api/gmail/threads?label=INBOX&limit=1')).body.total as number

  // Searches with operators over the whole cache, as the list route builds a search's page:
  // its rows and its count, from the repository (the route's own Search all mail also asks
  // Gmail, and its instant search looks within one label). Each query different.
  const repo = createMailRepository(database.db, pool)
  const labelNames = { Work: 'Label_work', Travel: 'Label_travel' }
  const search = async (q: string, limit = 50) => {
    const filter = { label: 'INBOX', search: { terms: parseSearch(q), labelNames } }
    const at = performance.now()
    const [rows, total] = await Promise.all([
      repo.listThreads(userId, { ...filter, limit }),
      repo.countThreads(userId, filter),
    ])
    return { elapsed: performance.now() - at, rows: rows.length, total }
  }
  const searches = [
    (i: number) => `from:sender${i * 3}@example${(i * 3 * 7) % 17}.com`,
    (i: number) => `is:unread subject:invoice ${i}`,
    (i: number) => `label:Work has:attachment after:${2021 + (i % 4)}/01/01`,
    (i: number) => `meeting notes before:${2022 + (i % 3)}/06/01`,
  ]
  const searchTimes: number[] = []
  let matched = 0
  for (let i = 0; i < 25; i++) {
    for (const query of searches) {
      const result = await search(query(i))
      searchTimes.push(result.elapsed)
      matched += result.total
    }
  }
  // "update" is in every other thread: the first page of half the mailbox.
  const halfTimes: number[] = []
  let halfTotal = 0
  for (let i = 0; i < 10; i++) {
    const result = await search(i % 2 ? 'update' : 'update -is:starred', 50 + i)
    halfTimes.push(result.elapsed)
    halfTotal = Math.max(halfTotal, result.total)
  }

  const badgeTimes: number[] = []
  const labelTimes: number[] = []
  let badge = 0
  for (let i = 0; i < 50; i++) {
    const unread = await get('/api/gmail/unread-count')
    badgeTimes.push(unread.elapsed)
    badge = unread.body.count as number
    labelTimes.push((await get('/api/gmail/labels')).elapsed)
  }

  const {
    rows: [size],
  } = await pool.query<{ bytes: string }>(
    `select (pg_total_relation_size('email_threads') + pg_total_relation_size('email_messages')
       + pg_total_relation_size('mail_label_counts'))::text as bytes`,
  )
  const perHundredK = (Number(size!.bytes) / THREADS) * 100_000

  const line = (times: number[], p: number) => ms(percentile(times, p))
  console.log(
    `\nThe cache at ${THREADS.toLocaleString()} threads (${inboxTotal.toLocaleString()} in the Inbox)`,
  )
  console.log(
    `  list page (50 threads), ${listTimes.length} pages: p50 ${line(listTimes, 50)} (target ≤ 20 ms), p99 ${line(listTimes, 99)} (target ≤ 50 ms)`,
  )
  console.log(
    `  search with operators, ${searchTimes.length} queries (${Math.round(matched / searchTimes.length).toLocaleString()} matches on average): p50 ${line(searchTimes, 50)}, p95 ${line(searchTimes, 95)} (target ≤ 100 ms)`,
  )
  console.log(
    `  search matching ${halfTotal.toLocaleString()} threads, first page: p50 ${line(halfTimes, 50)}, p95 ${line(halfTimes, 95)} (target ≤ 100 ms)`,
  )
  console.log(
    `  unread badge (${badge.toLocaleString()}), from the counters: p50 ${line(badgeTimes, 50)}, p99 ${line(badgeTimes, 99)}`,
  )
  console.log(
    `  label counts, from the counters: p50 ${line(labelTimes, 50)}, p99 ${line(labelTimes, 99)}`,
  )
  console.log(
    `  database size: ${(perHundredK / 1024 / 1024).toFixed(0)} MB per 100,000 threads (threads, messages with bodies of ~500 characters, counters, their indexes)`,
  )

  // 2. A smaller mailbox synced from the stand-in, every Gmail call counted.
  console.log(`\nSyncing a ${SYNC_THREADS.toLocaleString()}-thread mailbox from the stand-in…`)
  const synced = (await signIn({ app }, SYNCED.email)).session!
  const before = proxy.log.length
  started = performance.now()
  const first = await app.inject({
    url: '/api/gmail/threads?limit=50',
    cookies: { inkwell_session: synced },
  })
  if (first.statusCode !== 200) throw new Error(`first page: ${first.statusCode}`)
  const done = await app.inject({
    method: 'POST',
    url: '/api/gmail/sync',
    headers: { origin: BENCH_APP_URL, prefer: 'wait=600' },
    cookies: { inkwell_session: synced },
  })
  if (done.statusCode !== 200) throw new Error(`sync: ${done.statusCode} ${done.body}`)
  const syncMs = performance.now() - started
  const {
    rows: [cached],
  } = await pool.query<{ threads: number }>(
    `select count(*)::int as threads from email_threads t join users u on u.id = t.user_id
      where u.email = $1`,
    [SYNCED.email],
  )
  const { byOperation, units } = gmailCost(proxy.log.slice(before))
  const threads = cached!.threads
  console.log(
    `  ${threads.toLocaleString()} threads in ${ms(syncMs)} unpaced; calls: ${describeCalls(byOperation)}`,
  )
  for (const model of ['2026', 'legacy'] as const) {
    const perThousand = (units[model] / threads) * 1000
    const minutes = (perThousand * 100) / GMAIL_QUOTA[model].unitsPerMinute
    console.log(
      `  ${model} quota: ${Math.round(perThousand).toLocaleString()} units per 1,000 threads; 100,000 threads take ${(minutes / 60).toFixed(1)} hours at ${GMAIL_QUOTA[model].unitsPerMinute.toLocaleString()} units a minute`,
    )
  }

  await app.close()
  await proxy.close()
  await standIn.close()
  await database.close()
  await stopDatabase()
}

runBench(main)
