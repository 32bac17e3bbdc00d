import type { FastifyBaseLogger } from 'fastify'

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

/** One clean-up: a name for the logs, and a run that answers how many rows it removed. */
export type HousekeepingTask = { name: string; run(): Promise<number> }

/**
 * Runs the clean-ups (expired sessions, ended rate-limit windows...) every hour inside this
 * process; answers the function that stops them. The timer does not keep the process alive.
 * Every instance runs them, harmlessly: each is one idempotent DELETE.
 */
export function scheduleHousekeeping(
  tasks: HousekeepingTask[],
  log: FastifyBaseLogger,
): () => void {
  const timer = setInterval(() => {
    for (const task of tasks) {
      task
        .run()
        .then((removed) => {
          if (removed) log.info({ removed }, `${task.name} purged`)
        })
        .catch((error: unknown) => log.warn({ err: error }, `purging ${task.name} failed`))
    }
  }, HOUSEKEEPING_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
