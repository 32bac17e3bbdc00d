import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailSkippedMessages, users } from '../../../db/schema.js'
import { startFaultProxy, type Fault } from '../../../test/fault-proxy.js'
import { gmailUnitsOf } from '../../../test/gmail-units.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { accessTokenOf, standInGmail, type StandInGmail } from '../../../test/stand-in-gmail.js'

const ADA = 'ada@example.com'

const threadGet = /\/threads\/([^/?]+)\?/

type Listed = {
  id: string
  subject: string
  sender: { email: string }
  messageCount: number
  partial?: boolean
}

describe('the cold first page', () => {
  let h: Harness
  let gmail: StandInGmail
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let fault: (request: { method: string; path: string }) => Fault | null = () => null

  beforeAll(async () => {
    h = await startHarness({
      users: [
        { email: ADA, name: 'Ada Lovelace' },
        { email: 'grace@example.com', name: 'Grace Hopper' },
        { email: 'ines@example.com', name: 'Ines Duarte' },
      ],
      withMailbox: true,
      gmailVia: async (target) => {
        proxy = await startFaultProxy(target, { fault: (r) => fault(r) })
        return proxy.url
      },
    })
  })
  afterAll(async () => {
    await h?.close()
    await proxy?.close()
  })

  it('shows 50 threads for at most 1,100 units, before any body is fetched, and opens one whole', async () => {
    const session = (await signIn(h, ADA)).session!
    gmail = standInGmail(h, await accessTokenOf(h, ADA))
    // Bodies (threads.get) are held back, all but the one opened below.
    let opened = ''
    fault = ({ method, path }) => {
      const id = threadGet.exec(path)?.[1]
      return method === 'GET' && id && id !== opened ? { delayMs: 2000 } : null
    }
    const list = await h.call(session, 'GET', '/api/gmail/threads?limit=50')
    expect(list.statusCode).toBe(200)
    const threads = list.json().threads as Listed[]
    expect(threads).toHaveLength(50)
    for (const t of threads) {
      expect(t.subject).not.toBe('')
      expect(t.sender.email).toContain('@')
      // Headers only so far, and the row says so (list rows never carry bodies).
      expect(t.partial).toBe(true)
      expect(t).not.toHaveProperty('textBody')
    }
    const answered = [...proxy.log]
    expect(answered.some((c) => threadGet.test(c.path))).toBe(false)
    const units = answered.reduce((sum, c) => sum + gmailUnitsOf(c.method, c.path), 0)
    expect(units).toBeLessThanOrEqual(1100)
    expect(answered.filter((c) => /\/messages\/[^/?]+\?/.test(c.path))).toHaveLength(50)

    // A conversation of several messages opens whole, though its list row had one.
    const sizes = await Promise.all(
      threads.map(async (t) => ({
        id: t.id,
        messages: (await gmail<{ messages: { id: string }[] }>(`threads/${t.id}?format=minimal`))
          .messages.length,
      })),
    )
    const long = sizes.find((s) => s.messages > 1)!
    opened = long.id
    const detail = await h.call(session, 'GET', `/api/gmail/threads/${long.id}`)
    expect(detail.statusCode).toBe(200)
    const messages = detail.json().messages as { textBody: string; id: string }[]
    expect(messages).toHaveLength(long.messages)
    expect(messages.every((m) => m.textBody.length > 0)).toBe(true)
    const row = (await h.call(session, 'GET', '/api/gmail/threads?limit=50'))
      .json()
      .threads.find((t: Listed) => t.id === long.id)
    expect(row).toMatchObject({ partial: false, messageCount: long.messages })

    // The rest of the sync fills every body in the background.
    fault = () => null
    expect((await h.sync(session)).statusCode).toBe(200)
    const after = (await h.call(session, 'GET', '/api/gmail/threads?limit=50')).json()
      .threads as Listed[]
    expect(after.filter((t) => t.partial)).toEqual([])
    // Another conversation now opens from the cache alone: Gmail refuses every read.
    fault = () => ({ status: 503 })
    const other = after.find((t) => t.id !== long.id)!
    const cached = await h.call(session, 'GET', `/api/gmail/threads/${other.id}`)
    expect(cached.statusCode).toBe(200)
    const cachedMessages = cached.json().messages as { textBody: string }[]
    expect(cachedMessages.every((m) => m.textBody.length > 0)).toBe(true)
    fault = () => null
  }, 120_000)

  it('keeps hostile headers storable on the metadata path', async () => {
    const session = (await signIn(h, 'grace@example.com')).session!
    const grace = standInGmail(h, await accessTokenOf(h, 'grace@example.com'))
    const raw = Buffer.from(
      'From: Mallory <mallory@example.net>\r\nTo: grace@example.com\r\n' +
        'Subject: NUL\x00in the subject\r\nContent-Type: text/plain\r\n\r\nbody\r\n',
      'latin1',
    ).toString('base64url')
    const planted = await grace<{ threadId: string }>('messages/import', {
      method: 'POST',
      body: JSON.stringify({ raw, labelIds: ['INBOX', 'UNREAD'] }),
    })
    const list = await h.call(session, 'GET', '/api/gmail/threads?limit=50')
    expect(list.statusCode).toBe(200)
    const row = list.json().threads.find((t: Listed) => t.id === planted.threadId)
    expect(row).toMatchObject({ partial: true })
    expect(row.subject).toMatch(/^NUL.?in the subject$/)
    expect(row.subject).not.toContain('\u0000')
  })

  it('skips a message the database refuses and still shows the rest of the page', async () => {
    const email = 'ines@example.com'
    const session = (await signIn(h, email)).session!
    const ines = standInGmail(h, await accessTokenOf(h, email))
    const plant = (subject: string) =>
      ines<{ id: string; threadId: string }>('messages/import', {
        method: 'POST',
        body: JSON.stringify({ from: 'ben@example.net', to: email, subject, body_text: 'Hi' }),
      })
    // A rule the row guard does not know stands for whatever else PostgreSQL may refuse.
    await h.db.execute(
      sql`alter table email_messages add constraint refuse_on_first_page check (subject <> 'Refused on the first page')`,
    )
    try {
      await plant('Before the refused one')
      const refused = await plant('Refused on the first page')
      await plant('After the refused one')
      const list = await h.call(session, 'GET', '/api/gmail/threads?limit=50')
      expect(list.statusCode).toBe(200)
      const subjects = (list.json().threads as Listed[]).map((t) => t.subject)
      expect(subjects).toEqual(
        expect.arrayContaining(['Before the refused one', 'After the refused one']),
      )
      expect(subjects).not.toContain('Refused on the first page')
      const [user] = await h.db.select().from(users).where(eq(users.email, email))
      const skips = await h.db
        .select()
        .from(mailSkippedMessages)
        .where(
          and(
            eq(mailSkippedMessages.userId, user!.id),
            eq(mailSkippedMessages.gmailId, refused.id),
          ),
        )
      expect(skips).toMatchObject([{ threadId: refused.threadId, reason: 'sqlstate:23514' }])
    } finally {
      await h.db.execute(sql`alter table email_messages drop constraint refuse_on_first_page`)
    }
  })
})
