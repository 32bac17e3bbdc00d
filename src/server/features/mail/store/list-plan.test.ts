import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema.js'
import { createTestDatabase } from '../../../test/database.js'
import {
  createThreadReadsRepository,
  decodeCursor,
  encodeCursor,
} from './thread-reads-repository.js'

/** One node of PostgreSQL's JSON plan, with what these checks read. */
type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Subplan Name'?: string
  Plans?: PlanNode[]
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

const THREADS = 3000

/**
 * How a list page reads the cache: the 100 newest entries of the user's date index, never a
 * scan and sort of the whole mailbox (issue 14 found every page doing that at 10,000 threads).
 * The plan is PostgreSQL's own, for the very query `listThreads` runs, on a mailbox big enough
 * that a full scan shows.
 */
describe('a list page of a big mailbox', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let userId: string
  const repo = () => createThreadReadsRepository(database.db)

  beforeAll(async () => {
    database = await createTestDatabase()
    const [user] = await database.db
      .insert(users)
      .values({ email: 'ada@example.com', name: 'Ada', googleId: 'g-ada' })
      .returning()
    userId = user!.id
    // Another user's mail too: the index is shared, the page must stay within its owner's part.
    const [other] = await database.db
      .insert(users)
      .values({ email: 'grace@example.com', name: 'Grace', googleId: 'g-grace' })
      .returning()
    for (const owner of [userId, other!.id]) {
      await database.pool.query(
        `insert into email_messages (user_id, gmail_id, thread_id, internal_date, labels, subject)
         select $1, 'm' || i, 't' || i, now() - i * interval '7 minutes',
           case when i % 10 = 0 then array['TRASH'] else array['INBOX'] end, 'Thread ' || i
         from generate_series(1, $2::int) i`,
        [owner, THREADS],
      )
      await database.pool.query(
        `insert into email_threads (user_id, thread_id, subject, last_message_date,
           latest_message_id, labels)
         select $1, 't' || i, 'Thread ' || i, now() - i * interval '7 minutes', 'm' || i,
           case when i % 10 = 0 then array['TRASH'] else array['INBOX'] end
         from generate_series(1, $2::int) i`,
        [owner, THREADS],
      )
    }
    await database.pool.query('analyze email_threads')
    await database.pool.query('analyze email_messages')
  })
  afterAll(async () => {
    await database.drop()
  })

  async function planOf(cursor: string | null): Promise<PlanNode[]> {
    const query = repo().listThreadsQuery(userId, {
      label: 'INBOX',
      limit: 100,
      cursor: cursor ? decodeCursor(cursor) : null,
    })
    const { sql, params } = query.toSQL()
    const { rows } = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${sql}`,
      params,
    )
    return nodesOf(rows[0]!['QUERY PLAN'][0].Plan)
  }

  it.each([
    ['the first page', null],
    [
      'a page deep in',
      encodeCursor({ date: new Date(Date.now() - 1500 * 7 * 60_000), threadId: 't1500' }),
    ],
  ])(
    'reads %s from the date index, in its order, without scanning the mailbox',
    async (_, cursor) => {
      const nodes = await planOf(cursor)
      const threadScans = nodes.filter((n) => n['Relation Name'] === 'email_threads')
      expect(threadScans.map((n) => n['Node Type'])).not.toContain('Seq Scan')
      expect(threadScans.map((n) => n['Index Name'])).toContain('email_threads_user_list_date_idx')
      // The page's ids: a limit straight over the index, no sort of what the index found.
      const page = nodes.find((n) => n['Subplan Name']?.startsWith('InitPlan'))!
      expect(page['Node Type']).toBe('Limit')
      expect(page.Plans!.map((n) => n['Node Type'])).toEqual(['Index Scan'])
    },
  )

  it('still answers the newest threads of the label, in order, page after page', async () => {
    const first = await repo().listThreads(userId, { label: 'INBOX', limit: 100 })
    const last = first.at(-1)!.thread
    const second = await repo().listThreads(userId, {
      label: 'INBOX',
      limit: 100,
      cursor: { date: last.lastMessageDate, threadId: last.threadId },
    })
    const numbers = [...first, ...second].map((row) => Number(row.thread.threadId.slice(1)))
    // Every tenth thread is in the trash, so the inbox's 200 newest are 1–222 without those.
    const expected = Array.from({ length: 222 }, (_, i) => i + 1).filter((i) => i % 10 !== 0)
    expect(numbers).toEqual(expected)
    expect(new Set([...first, ...second].map((row) => row.thread.userId))).toEqual(
      new Set([userId]),
    )
  })
})
