import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { mailSkippedMessages, mailSyncState, users } from '../../../db/schema.js'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'
import { createMailRepository } from '../store/repository.js'

const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'

type ListedThread = { id: string; subject: string; timestamp: string; messageCount: number }
type ThreadListAnswer = {
  threads: ListedThread[]
  syncError: string | null
  skippedMessages: number
}
type Inserted = { id: string; threadId: string; historyId: string }

/** An RFC 822 message as Gmail's insert and import take it: bytes, base64url-encoded. */
const raw = (lines: (string | Buffer)[]) =>
  Buffer.concat(lines.map((l) => (typeof l === 'string' ? Buffer.from(l, 'latin1') : l))).toString(
    'base64url',
  )

/**
 * Mail anyone can send: NUL bytes in headers and text, bytes that are not UTF-8 under an
 * unknown charset, a NUL in an attachment's name (a jsonb field), broken MIME, a date no
 * clock can show, a 5 MB part. Each once stopped a sync for good, or could.
 */
async function plantHostileMail(gmail: StandInGmail, tag: string): Promise<Inserted[]> {
  const planted: Inserted[] = []
  const put = async (body: object) =>
    planted.push(
      await gmail<Inserted>('messages/import', { method: 'POST', body: JSON.stringify(body) }),
    )
  await put({
    raw: raw([
      'From: Mallory <mallory@example.net>\r\nTo: ada@example.com\r\n',
      `Subject: NUL\x00in the subject ${tag}\r\n`,
      'Content-Type: text/plain; charset=x-unknown\r\n\r\n',
      Buffer.from([0x62, 0x6f, 0x64, 0x79, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a]),
    ]),
  })
  await put({
    raw: raw([
      `From: mallory@example.net\r\nTo: ada@example.com\r\nSubject: Attachment ${tag}\r\n`,
      'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n',
      '--b1\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n',
      '--b1\r\nContent-Type: application/octet-stream; name="in\x00voice.pdf"\r\n',
      'Content-Disposition: attachment; filename="in\x00voice.pdf"\r\n',
      'Content-Transfer-Encoding: base64\r\n\r\n!!!not*base64***\r\n--b1--\r\n',
    ]),
  })
  await put({
    raw: raw([
      `From:\r\nSubject: Broken MIME ${tag}\r\nthis line is no header\r\n`,
      'Content-Type: multipart/mixed; boundary="declared"\r\n\r\n',
      '--another\r\nContent-Type: text/html\r\n\r\n<p>never closed\r\n',
    ]),
  })
  await put({
    from: 'mallory@example.net',
    to: ADA,
    subject: `Date beyond any clock ${tag}`,
    body_text: 'when?',
    internalDate: '99999999999999999999',
  })
  await put({
    from: 'mallory@example.net',
    to: ADA,
    subject: `Five megabytes ${tag}`,
    body_text: 'x'.repeat(5 * 1024 * 1024),
  })
  await put({
    from: 'mallory@example.net',
    to: ADA,
    subject: `HTML with NUL ${tag}`,
    body_html: '<p>hello\u0000world</p>',
  })
  return planted
}

async function plantNormalMail(gmail: StandInGmail, subjects: string[]): Promise<Inserted[]> {
  const planted: Inserted[] = []
  for (const subject of subjects) {
    planted.push(
      await gmail<Inserted>('messages/import', {
        method: 'POST',
        body: JSON.stringify({
          from: 'Grace Hopper <grace@example.com>',
          to: ADA,
          subject,
          body_text: `An ordinary message: ${subject}.`,
        }),
      }),
    )
  }
  return planted
}

async function syncStateOf(h: Harness, email: string) {
  const [user] = await h.db.select().from(users).where(eq(users.email, email))
  const [state] = await h.db.select().from(mailSyncState).where(eq(mailSyncState.userId, user!.id))
  return state!
}

const laterThan = (a: string, b: string) => BigInt(a) > BigInt(b)
/** True when the pointer `a` is at or past `b`. */
const atOrPast = (a: string | null, b: string) => a !== null && BigInt(a) >= BigInt(b)
const latest = (planted: Inserted[]) =>
  planted.map((p) => p.historyId).reduce((a, b) => (BigInt(a) >= BigInt(b) ? a : b))

describe('no message can stop the sync', () => {
  let h: Harness
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let fault: (request: { path: string }) => Fault | null = () => null
  let session: string
  let gmail: StandInGmail

  const inbox = async (who = session) => {
    const response = await h.call(who, 'GET', '/api/gmail/threads?limit=500')
    expect(response.statusCode).toBe(200)
    return response.json<ThreadListAnswer>()
  }
  const sync = async () => h.sync(session)
  const subjects = (list: ThreadListAnswer) => list.threads.map((t) => t.subject)

  beforeAll(async () => {
    h = await startHarness({
      withMailbox: false,
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target, { fault: (r) => fault(r) })
        return proxy.url
      },
    })
    session = (await signIn(h, ADA)).session!
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
  })
  afterEach(() => {
    fault = () => null
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  it('stores hostile mail cleaned and delivers the mail after it, on the first sync', async () => {
    await plantHostileMail(gmail, 'first')
    const normal = await plantNormalMail(gmail, ['Lunch on Friday', 'Quarterly numbers'])

    await inbox() // the first visit starts the first full sync
    expect((await sync()).statusCode).toBe(200)
    const list = await inbox()
    expect(list.syncError).toBeNull()
    expect(subjects(list)).toEqual(
      expect.arrayContaining([
        'Lunch on Friday',
        'Quarterly numbers',
        // Hostile mail is kept, minus what PostgreSQL cannot hold.
        'NULin the subject first',
        'Attachment first',
        'Date beyond any clock first',
        'Five megabytes first',
        'HTML with NUL first',
      ]),
    )
    for (const thread of list.threads)
      expect(Number.isNaN(Date.parse(thread.timestamp))).toBe(false)
    expect(atOrPast((await syncStateOf(h, ADA)).historyId, latest(normal))).toBe(true)

    const huge = list.threads.find((t) => t.subject === 'Five megabytes first')!
    const detail = (await h.call(session, 'GET', `/api/gmail/threads/${huge.id}`)).json()
    const body: string = detail.messages[0].textBody
    expect(body.length).toBeLessThan(1024 * 1024)
    expect(body).toContain('too long to show in full')

    const withFile = list.threads.find((t) => t.subject === 'Attachment first')!
    const files = (await h.call(session, 'GET', `/api/gmail/threads/${withFile.id}`)).json()
    expect(files.messages[0].attachments[0].filename).toBe('invoice.pdf')
  })

  it('delivers the mail after hostile mail on an incremental (history) sync', async () => {
    const before = (await syncStateOf(h, ADA)).historyId!
    await plantHostileMail(gmail, 'again')
    const normal = await plantNormalMail(gmail, ['Minutes of the board', 'Train tickets'])

    const result = await sync()
    expect(result.statusCode).toBe(200)
    expect(result.json().full).toBe(false)
    const list = await inbox()
    expect(subjects(list)).toEqual(
      expect.arrayContaining(['Minutes of the board', 'Train tickets', 'NULin the subject again']),
    )
    expect(list.syncError).toBeNull()
    const after = (await syncStateOf(h, ADA)).historyId!
    expect(laterThan(after, before)).toBe(true)
    expect(atOrPast(after, latest(normal))).toBe(true)
  })

  it('skips and counts a message PostgreSQL refuses, and the sync goes on past it', async () => {
    // A rule the row guard does not know stands for whatever else PostgreSQL may refuse.
    await h.db.execute(
      sql`alter table email_messages add constraint refuse_for_test check (subject <> 'Refused by the database')`,
    )
    try {
      const [kept] = await plantNormalMail(gmail, ['Kept in its thread'])
      const refused = await gmail<Inserted>('messages/import', {
        method: 'POST',
        body: JSON.stringify({
          from: 'mallory@example.net',
          to: ADA,
          subject: 'Refused by the database',
          body_text: 'a reply the cache cannot hold',
          threadId: kept!.threadId,
        }),
      })
      const normal = await plantNormalMail(gmail, ['After the refused one'])

      expect((await sync()).statusCode).toBe(200)
      const list = await inbox()
      expect(subjects(list)).toContain('After the refused one')
      expect(list.syncError).toBeNull()
      expect(list.skippedMessages).toBe(1)
      // The thread shows what could be stored.
      const thread = list.threads.find((t) => t.id === kept!.threadId)!
      expect(thread).toMatchObject({ subject: 'Kept in its thread', messageCount: 1 })
      const [skip] = await h.db.select().from(mailSkippedMessages)
      expect(skip).toMatchObject({ gmailId: refused.id, reason: 'sqlstate:23514' })
      expect(atOrPast((await syncStateOf(h, ADA)).historyId, latest(normal))).toBe(true)

      // The pointer moved past it: later syncs succeed without fetching that thread again.
      const fetches = () => proxy.log.filter((l) => l.path.includes(kept!.threadId)).length
      const fetched = fetches()
      expect((await sync()).statusCode).toBe(200)
      expect((await sync()).statusCode).toBe(200)
      expect(fetches()).toBe(fetched)
    } finally {
      await h.db.execute(sql`alter table email_messages drop constraint refuse_for_test`)
    }

    // Once the thread changes in Gmail it is fetched again, and now it can be stored.
    const [skipped] = await h.db.select().from(mailSkippedMessages)
    await gmail(`messages/${skipped!.gmailId}/modify`, {
      method: 'POST',
      body: JSON.stringify({ addLabelIds: ['STARRED'] }),
    })
    expect((await sync()).statusCode).toBe(200)
    const list = await inbox()
    expect(list.skippedMessages).toBe(0)
    expect(list.threads.find((t) => t.id === skipped!.threadId)?.messageCount).toBe(2)
  })

  it('stores a message made of the worst strings, as PostgreSQL can hold them', async () => {
    const [ada] = await h.db.select().from(users).where(eq(users.email, ADA))
    const repo = createMailRepository(h.db, h.pool)
    const worst = 'nul\u0000 lone\uD800 low\uDC00 pair😀'
    const skipped = await repo.replaceThread(ada!.id, 'worst-thread', [
      {
        gmailId: 'worst-message',
        threadId: 'worst-thread',
        historyId: 'not-a-number',
        internalDate: new Date(Number.NaN),
        labels: ['INBOX', worst],
        snippet: worst,
        subject: worst,
        fromName: worst,
        fromEmail: worst,
        toHeader: worst,
        ccHeader: worst,
        bccHeader: worst,
        replyTo: worst,
        dateHeader: worst,
        messageIdHeader: worst,
        inReplyTo: worst,
        referencesHeader: worst,
        textBody: worst,
        htmlBody: worst,
        // jsonb refuses both NUL and lone surrogates, where text would take the latter.
        attachments: [{ attachmentId: 'a1', filename: worst, mimeType: worst, size: 1 }],
      },
    ])
    expect(skipped).toEqual([])
    const stored = await repo.getMessage(ada!.id, 'worst-message')
    expect(stored).toMatchObject({
      subject: 'nul lone\uFFFD low\uFFFD pair😀',
      historyId: null,
      internalDate: new Date(0),
    })
    expect(stored!.attachments[0]!.filename).toBe('nul lone\uFFFD low\uFFFD pair😀')
    await repo.deleteThread(ada!.id, 'worst-thread')
  })

  it('says why a sync failed, in last_error and in the list, until one succeeds', async () => {
    fault = ({ path }) => (path.includes('/history') ? { status: 400 } : null)
    expect((await sync()).statusCode).toBe(502)
    const failed = await inbox()
    expect(failed.syncError).toMatch(/Gmail/)
    expect(failed.syncError).toContain('400')
    expect((await syncStateOf(h, ADA)).lastError).toBe(failed.syncError)
    // What the inbox already had is still shown.
    expect(subjects(failed)).toContain('Lunch on Friday')

    fault = () => null
    expect((await sync()).statusCode).toBe(200)
    expect((await inbox()).syncError).toBeNull()
  })

  it('tells a first visit why its mailbox is empty when the first sync fails', async () => {
    const grace = (await signIn(h, GRACE)).session!
    // The first page lists messages (cold start), later syncs threads: refuse both.
    fault = ({ path }) => (/\/(threads|messages)/.test(path) ? { status: 403 } : null)
    const list = await inbox(grace)
    expect(list.threads).toEqual([])
    expect(list.syncError).toContain('403')
  })
})
