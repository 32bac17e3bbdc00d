import PgBoss from 'pg-boss'
import type { Pool } from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import { withStartupLock } from '../db/client.js'
import { isStopping } from './stopping.js'
import { createJobLeases, HEARTBEAT_SECONDS, type JobLeases } from './job-leases.js'

/**
 * A running job's expiry, pushed ahead by its instance's heartbeat while it runs: only a job
 * whose instance can no longer beat, nor sweep, waits this long (pg-boss then expires it).
 */
const EXPIRE_IN_SECONDS = 150
/** How long a stopping instance lets its workers finish before handing their jobs back. */
const DRAIN_TIMEOUT_MS = 4_000

export type WorkOptions = {
  pollingIntervalSeconds: number
  /**
   * Jobs a fetch takes, which are also the jobs the worker runs at once: a fetched job is held
   * by this instance, so taking more than it will start would only keep them from the others.
   */
  batchSize?: number
}

/**
 * Background work as jobs in PostgreSQL (pg-boss, on the app's own pool): any instance may
 * take a job, a queue's policy keeps one job per key in flight across all of them, and a
 * job whose instance dies is taken back within seconds and retried by another (job-leases.ts).
 * See docs/decisions/019-jobs-events-and-shared-quota.md and 044.
 */
export type JobQueue = {
  boss: PgBoss
  /**
   * Creates `queue`, or brings an existing one to these options (a retry limit that an older
   * release created without); instances starting together take turns (they deadlock otherwise).
   * Every queue's jobs expire after EXPIRE_IN_SECONDS unless their instance is alive.
   */
  ensureQueue(queue: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void>
  /**
   * Takes up to `batchSize` (1 unless given) of `queue`'s jobs a fetch and runs `handler` on
   * them all at once, leasing each to this instance while it runs, so that if this instance
   * dies the job is failed, and retried as its queue allows, in seconds. Each job completes or
   * fails on its own: one that throws is retried as its queue allows, and the others of its
   * batch are not. A worker that fetched a full batch fetches again at once (more may be due);
   * otherwise it waits `pollingIntervalSeconds`, or until `boss.notifyWorker` with the id this
   * answers.
   */
  work<T extends object>(
    queue: string,
    options: WorkOptions,
    handler: (job: PgBoss.Job<T>) => Promise<void>,
  ): Promise<string>
  /** Fails the jobs of instances that stopped beating; answers how many (also run every beat). */
  sweep(): Promise<number>
  leases: JobLeases
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
  /**
   * Once the queue has stopped, pg-boss's late writes go nowhere: a job still running past the
   * drain ends later and pg-boss completes or fails it, on a pool the caller has closed by then
   * (an unhandled rejection inside pg-boss). Its job stays this instance's, and the next sweep
   * anywhere takes it back, as a dead instance's.
   */
  let stopped = false
  // What pg-boss reads as "no row affected" from a completion or a failure (it counts `rows`
  // when there are any); nothing else runs once its workers have stopped.
  const NOTHING_WRITTEN = { rowCount: 0 } as unknown as { rows: unknown[] }
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? Promise.resolve(NOTHING_WRITTEN) : pool.query(text, values),
    },
    // Finished jobs are history nobody reads; keep a day of it for debugging.
    deleteAfterHours: 24,
    archiveCompletedAfterSeconds: 3600,
    // The app's own schedule (cron) is not used; one less poller per instance.
    schedule: false,
    // Expiry and clean-up run this often (pg-boss's supervision): the backstop for a job whose
    // instance died where job-leases.ts could not tell (pg-boss's default is 2 minutes).
    maintenanceIntervalSeconds: 30,
  })
  boss.on('error', (error) => {
    if (!isStopping()) log.warn({ err: error }, 'job queue error')
  })
  // pg-boss creates its schema on first start; instances starting together take turns.
  await withStartupLock(pool, () => boss.start())
  const leases = createJobLeases(pool, { expireInSeconds: EXPIRE_IN_SECONDS })
  const queues = new Set<string>()

  async function sweep(): Promise<number> {
    const abandoned = await leases.abandoned([...queues])
    for (const queue of new Set(abandoned.map((job) => job.queue))) {
      const ids = abandoned.filter((job) => job.queue === queue).map((job) => job.id)
      // Failed, the job is retried (its id kept, so whoever waits for it still hears it) when
      // its queue allows a retry, and otherwise frees its key for the next job.
      await boss.fail(queue, ids)
      log.warn({ queue, jobs: ids.length }, 'took back the jobs of a stopped instance')
    }
    return abandoned.length
  }
  async function tick() {
    await leases.beat()
    await sweep()
  }
  const heartbeat = setInterval(() => {
    tick().catch((error: unknown) => {
      if (!isStopping()) log.warn({ err: error }, 'job heartbeat failed')
    })
  }, HEARTBEAT_SECONDS * 1000)
  heartbeat.unref()
  await leases.beat()

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
      const wanted = { expireInSeconds: EXPIRE_IN_SECONDS, ...options, name: queue }
      await withStartupLock(pool, async () => {
        const existing = await boss.getQueue(queue)
        if (!existing) await boss.createQueue(queue, wanted)
        else if (
          existing.retryLimit !== (wanted.retryLimit ?? existing.retryLimit) ||
          existing.expireInSeconds !== wanted.expireInSeconds
        ) {
          // Its policy too, or pg-boss would reset it to 'standard'.
          await boss.updateQueue(queue, { ...wanted, policy: existing.policy })
        }
      })
      queues.add(queue)
      // Jobs a dead instance left active are taken back before this instance starts working.
      await sweep()
    },
    async work<T extends object>(
      queue: string,
      { pollingIntervalSeconds, batchSize = 1 }: WorkOptions,
      handler: (job: PgBoss.Job<T>) => Promise<void>,
    ) {
      async function runOne(job: PgBoss.Job<T>): Promise<void> {
        await leases.lease(queue, job.id)
        try {
          await handler(job)
        } finally {
          await leases.release(job.id).catch(() => {})
        }
        // Completed as soon as it is done: its queue's next job with its key may start, and
        // pg-boss's failing of the batch below no longer touches it.
        await boss.complete(queue, job.id)
      }
      const worker: { id?: string } = {}
      worker.id = await boss.work<T>(
        queue,
        { pollingIntervalSeconds, batchSize },
        async (batch) => {
          // A full batch leaves more due behind it: the next fetch comes when this one is done.
          if (batch.length === batchSize && worker.id) boss.notifyWorker(worker.id)
          const outcomes = await Promise.allSettled(batch.map(runOne))
          const errors = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
          // pg-boss fails every job of a batch whose handler throws, if not completed: only the
          // ones that threw are left. They leave `active` in its one statement, never before,
          // so none is taken again (and run) while its batch still holds its id.
          if (errors.length === 1) throw errors[0]
          if (errors.length > 1) {
            throw new AggregateError(errors, `${errors.length} of ${batch.length} jobs failed`)
          }
        },
      )
      return worker.id
    },
    sweep,
    leases,
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
    /**
     * Graceful but short: workers get DRAIN_TIMEOUT_MS to finish the jobs they hold; pg-boss
     * then fails what is left, which is retried (a sync is resumable: it starts again from the
     * last history id it stored). A Ctrl-C never waits on a sync stuck on Gmail.
     *
     * Never throws: failing what is left needs the database, which may be gone (the demo's
     * embedded PostgreSQL gets the same Ctrl-C). pg-boss's stop then rejects, and a rejection
     * here ended the whole drain before the pool, the stand-ins and the exit, so the process
     * stayed up until main.ts's hard stop (9 s). Jobs not handed back are taken back by the
     * next sweep anywhere, as a dead instance's are (job-leases.ts).
     */
    async stop() {
      clearInterval(heartbeat)
      try {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: DRAIN_TIMEOUT_MS })
      } catch (error) {
        log.warn({ err: error }, 'handing back running jobs failed; the next sweep takes them')
      }
      stopped = true
      await leases.leave().catch(() => {})
    },
  }
}
