import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema.js'
import { signIn, startHarness, type Harness } from '../../../test/harness.js'
import { createCorrespondentsRepository } from './correspondents-repository.js'

/**
 * The conversation memory with one person (decision 034) holds their mail only: an address
 * that is part of another (ana@ in joana@) must not bring the other person's mail into a draft.
 */
describe('the messages exchanged with one address', () => {
  let h: Harness
  let ada: string

  beforeAll(async () => {
    h = await startHarness()
    ada = (await signIn(h, 'ada@example.com')).session!
  })
  afterAll(async () => h?.close())

  it('are those naming the whole address, not another address it is part of', async () => {
    for (const [to, subject] of [
      ['ana@example.com', 'For Ana'],
      ['Joana <joana@example.com>', 'For Joana'],
      ['Team <team@example.com>, ANA@example.com', 'For the team and Ana'],
    ]) {
      const sent = await h.call(ada, 'POST', '/api/gmail/send', { to, subject, body: subject })
      expect(sent.statusCode).toBe(200)
    }
    const [row] = await h.db.select().from(users).where(eq(users.email, 'ada@example.com'))
    const found = await createCorrespondentsRepository(h.db).recentMessagesWith(
      row!.id,
      { email: 'ana@example.com', threadId: null },
      20,
    )
    expect(found.map((m) => m.textBody?.trim()).sort()).toEqual(['For Ana', 'For the team and Ana'])
  })
})
