import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailMessages, emailThreads, users } from '../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../test/harness.js'

const ADA = 'ada@example.com'

describe('disconnecting Gmail', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ withMailbox: true })
  })
  afterAll(async () => {
    await h.close()
  })

  const cached = async (table: typeof emailThreads | typeof emailMessages) => {
    const [user] = await h.db.select().from(users).where(eq(users.email, ADA))
    return (await h.db.select().from(table).where(eq(table.userId, user!.id))).length
  }

  it('forgets the cached mailbox and the badge, and a reconnect brings them back', async () => {
    const session = (await signIn(h, ADA)).session!
    expect((await h.call(session, 'GET', '/api/gmail/threads')).statusCode).toBe(200)
    expect((await h.call(session, 'GET', '/api/gmail/unread-count')).json().count).toBeGreaterThan(
      0,
    )
    expect(await cached(emailThreads)).toBeGreaterThan(0)

    expect((await h.call(session, 'POST', '/api/auth/gmail/disconnect')).statusCode).toBe(200)
    expect(await cached(emailThreads)).toBe(0)
    expect(await cached(emailMessages)).toBe(0)
    // No badge: the count answers as the inbox does while Gmail is not connected.
    expect((await h.call(session, 'GET', '/api/gmail/unread-count')).statusCode).toBe(401)
    expect((await h.call(session, 'GET', '/api/gmail/threads')).statusCode).toBe(401)

    const again = (await signIn(h, ADA)).session!
    const inbox = (await h.call(again, 'GET', '/api/gmail/threads')).json()
    expect(inbox.threads.length).toBeGreaterThan(0)
  })
})
