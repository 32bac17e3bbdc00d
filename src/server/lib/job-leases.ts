import { randomUUID } from 'node:crypto'
import type { Pool } from 'pg'

/** How often an instance says it is alive, and extends the jobs it runs. */
export const HEARTBEAT_SECONDS = 5
/**
 * An instance silent this long is gone (a `kill -9`, a lost machine): its jobs are taken back.
 * Three missed beats, so a pause for a garbage collection or a busy database is not a death.
 */
export const SILENT_AFTER_SECONDS = 15
/**
 * A job an instance took but never got to lease (killed in between) is taken back after this.
 * Leasing is the first thing a worker does, so anything older was lost with its instance.
 */
const UNLEASED_AFTER_SECONDS = 30

/** An active job whose instance is gone: its queue and id, as `boss.fail` takes them. */
export type AbandonedJob = { queue: string; id: string }

/**
 * Who runs each active job, and whether they are still alive (issue 22, decision 044).
 *
 * pg-boss alone notices a dead worker only when the job's expiry passes: 15 minutes by
 * default, and a mailbox stayed stuck that long after a `kill -9` during its sync, because its
 * queue keeps one running sync per user. Here each instance has an id and a heartbeat row in
 * `app_instances`, and a worker records the job it takes in `job_leases` before it starts. Any
 * instance's sweep fails the jobs of an instance that stopped beating, and pg-boss retries them.
 *
 * The beat also pushes the expiry of the instance's running jobs ahead, so a long but live
 * job (a large sync) is never expired while its instance still runs it: a short expiry is
 * only the last resort when the sweep itself cannot run.
 */
export function createJobLeases(pool: Pool, options: { expireInSeconds: number }) {
  const instanceId = randomUUID()

  return {
    instanceId,

    /** Says this instance is alive, and keeps its running jobs from expiring. */
    async beat(): Promise<void> {
      await pool.query(
        `insert into app_instances (id) values ($1)
           on conflict (id) do update set heartbeat_at = now()`,
        [instanceId],
      )
      // Direct SQL on pg-boss's job table, which it documents: a running job's expiry is
      // counted from its start, so it is set to its age plus a full expiry.
      await pool.query(
        `update pgboss.job j
            set expire_in = (now() - j.started_on) + $2 * interval '1 second'
           from job_leases l
          where l.instance_id = $1 and j.id = l.job_id and j.state = 'active'`,
        [instanceId, options.expireInSeconds],
      )
    },

    /** Records that this instance runs `jobId` (the first thing a worker does). */
    async lease(queue: string, jobId: string): Promise<void> {
      await pool.query(
        `insert into job_leases (job_id, queue, instance_id) values ($1, $2, $3)
           on conflict (job_id) do update set instance_id = $3, started_at = now()`,
        [jobId, queue, instanceId],
      )
    },

    async release(jobId: string): Promise<void> {
      await pool.query('delete from job_leases where job_id = $1 and instance_id = $2', [
        jobId,
        instanceId,
      ])
    },

    /**
     * The active jobs of `queues` whose instance is gone: its heartbeat is older than
     * SILENT_AFTER_SECONDS, or it never leased the job it took.
     */
    async abandoned(queues: string[]): Promise<AbandonedJob[]> {
      const { rows } = await pool.query<AbandonedJob>(
        `select j.name as queue, j.id::text as id
           from pgboss.job j
           left join job_leases l on l.job_id = j.id
           left join app_instances i on i.id = l.instance_id
          where j.name = any($1) and j.state = 'active'
            and case
                  when l.job_id is null then j.started_on < now() - $2 * interval '1 second'
                  else i.id is null or i.heartbeat_at < now() - $3 * interval '1 second'
                end`,
        [queues, UNLEASED_AFTER_SECONDS, SILENT_AFTER_SECONDS],
      )
      return rows
    },

    /** Forgets leases of jobs no longer running, and instances silent for a day. */
    async purge(): Promise<number> {
      const leases = await pool.query(
        `delete from job_leases l
          where not exists (select 1 from pgboss.job j where j.id = l.job_id and j.state = 'active')
            and l.started_at < now() - interval '1 minute'`,
      )
      const instances = await pool.query(
        `delete from app_instances where heartbeat_at < now() - interval '1 day'`,
      )
      return (leases.rowCount ?? 0) + (instances.rowCount ?? 0)
    },

    /** This instance stops: its jobs are taken back by the next sweep anywhere, at once. */
    async leave(): Promise<void> {
      await pool.query('delete from app_instances where id = $1', [instanceId])
    },
  }
}

export type JobLeases = ReturnType<typeof createJobLeases>
