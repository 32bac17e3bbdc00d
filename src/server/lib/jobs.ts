import PgBoss from 'pg-boss'
import type { Pool } from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import { withStartupLock } from '../db/client.js'
import { isStopping } from './stopping.js'

/**
 * Background work as jobs in PostgreSQL (pg-boss, on the app's own pool): any instance may
 * take a job, a queue's policy keeps one job per key in flight across all of them, and a
 * job whose instance dies is expired and retried by another. See
 * docs/decisions/019-jobs-events-and-shared-quota.md.
 */
export type JobQueue = {
  boss: PgBoss
  /** Creates `queue` unless it exists; instances starting together take turns (they deadlock otherwise). */
  ensureQueue(queue: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void>
  /** True while a job of `queue` with this singleton key is queued, retrying or running. */
  hasPendingJob(queue: string, singletonKey: string): Promise<boolean>
  /** The id of the job of `queue` with this key waiting to start, if any. */
  queuedJobId(queue: string, singletonKey: string): Promise<string | null>
  /** The id of the job of `queue` with this key running now, if any. */
  activeJobId(queue: string, singletonKey: string): Promise<string | null>
  /** Raises a job still waiting to start to at least `priority`: workers take higher first. */
  prioritize(queue: string, id: string, priority: number): Promise<void>
  stop(): Promise<void>
}

export async function startJobQueue(pool: Pool, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Finished jobs are history nobody reads; keep a day of it for debugging.
    deleteAfterHours: 24,
    archiveCompletedAfterSeconds: 3600,
    // The app's own schedule (cron) is not used; one less poller per instance.
    schedule: false,
  })
  boss.on('error', (error) => {
    if (!isStopping()) log.warn({ err: error }, 'job queue error')
  })
  // pg-boss creates its schema on first start; instances starting together take turns.
  await withStartupLock(pool, () => boss.start())
  async function jobIn(queue: string, singletonKey: string, states: string[]) {
    const { rows } = await pool.query<{ id: string }>(
      `select id from pgboss.job
        where name = $1 and singleton_key = $2 and state = any($3::pgboss.job_state[])
        order by created_on limit 1`,
      [queue, singletonKey, states],
    )
    return rows[0]?.id ?? null
  }

  return {
    boss,
    async ensureQueue(queue, options) {
      await withStartupLock(pool, async () => {
        if (!(await boss.getQueue(queue)))
          await boss.createQueue(queue, { ...options, name: queue })
      })
    },
    async hasPendingJob(queue, singletonKey) {
      // pg-boss documents its job table for direct SQL; states before 'completed' are live.
      const { rows } = await pool.query(
        `select 1 from pgboss.job
          where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
        [queue, singletonKey],
      )
      return rows.length > 0
    },
    queuedJobId: (queue, singletonKey) => jobIn(queue, singletonKey, ['created', 'retry']),
    activeJobId: (queue, singletonKey) => jobIn(queue, singletonKey, ['active']),
    async prioritize(queue, id, priority) {
      await pool.query(
        `update pgboss.job set priority = $3
          where name = $1 and id = $2 and state in ('created', 'retry') and priority < $3`,
        [queue, id, priority],
      )
    },
    // Graceful: workers finish the jobs they hold, so a draining instance loses no sync.
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 }),
  }
}
