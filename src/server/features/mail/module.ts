import type { FastifyInstance } from 'fastify'
import type { Pool } from 'pg'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { EventBus } from '../../lib/events.js'
import type { HousekeepingTask } from '../../lib/housekeeping.js'
import type { JobQueue } from '../../lib/jobs.js'
import type { AuthService } from '../auth/service.js'
import { createGmailAccess } from './gmail/access.js'
import { createOrganize, type Organize } from './organize/organize.js'
import { organizeRoutes } from './organize/routes.js'
import { mailRoutes } from './routes.js'
import type { OnSent } from './send/outgoing.js'
import { createMailService } from './service.js'
import { createMailRepository } from './store/repository.js'
import { createSendRequestsRepository } from './store/send-requests-repository.js'
import { createMailBackfill } from './sync/backfill.js'
import { createGmailPush, type GmailPush } from './sync/push.js'
import { createMailScheduler } from './sync/scheduler.js'
import { createScheduledSends } from './send/scheduled.js'
import { scheduledRoutes } from './send/scheduled-routes.js'
import { createScheduledSendsRepository } from './store/scheduled-sends-repository.js'
import { createMailSync } from './sync/sync.js'

export type MailModuleDeps = {
  db: Database
  pool: Pool
  config: Pick<
    Config,
    'mailSync' | 'gmailPush' | 'gmailQuotaModel' | 'gmailQuotaUnitsPerMinute' | 'scheduledSend'
  >
  auth: AuthService
  jobs: JobQueue
  events: EventBus
  /** Where Gmail's API answers: Google's, or the stand-in's. */
  apiRootUrl: string
}

/**
 * The mail feature, built: its stores, the way to each user's Gmail, the sync and the
 * backfill, the scheduler that runs them, Gmail push when configured, and the service the
 * routes (and other features) use. Starts the background work and adds the app's hooks that
 * stop it, in this order: push's onClose, then the scheduler's preClose.
 */
export async function createMailModule(app: FastifyInstance, deps: MailModuleDeps) {
  const { config, auth, jobs, events } = deps
  const mailRepo = createMailRepository(deps.db, deps.pool)
  const gmail = createGmailAccess({
    auth,
    repo: mailRepo,
    apiRootUrl: deps.apiRootUrl,
    quotaModel: config.gmailQuotaModel,
    quotaUnitsPerMinute: config.gmailQuotaUnitsPerMinute,
  })
  const sync = createMailSync({ repo: mailRepo, options: config.mailSync, log: app.log })
  const backfill = createMailBackfill({
    jobs,
    events,
    repo: mailRepo,
    sync,
    options: config.mailSync,
    gmailFor: gmail.forUserId,
    workers: config.mailSync.workers,
    log: app.log,
  })
  // Gmail push, when configured (decision 037): set up once the first sync is done, renewed daily.
  let push: GmailPush | null = null
  // Built after the service (it needs it); the sync asks it about snoozes once it exists.
  let organize: Organize | null = null
  const scheduler = createMailScheduler({
    jobs,
    events,
    sync,
    repo: mailRepo,
    gmailFor: gmail.forUserId,
    workers: config.mailSync.workers,
    log: app.log,
    afterSync: async (userId) => {
      await backfill.request(userId)
      await push?.ensureWatching(userId)
      // A reply to a snoozed conversation brings it back now (issue 28).
      await organize?.snooze.wakeReplied(userId)
    },
  })
  if (config.gmailPush) {
    push = createGmailPush({
      config: config.gmailPush,
      gmail,
      repo: mailRepo,
      scheduler,
      findUserIdByEmail: (email) => auth.findGmailUserIdByEmail(email),
      log: app.log,
    })
    push.start()
    app.addHook('onClose', async () => push?.stop())
  }
  await backfill.start()
  await scheduler.start()
  // Before the server waits for in-flight requests: a first visit waiting for its sync is
  // answered from the cache now, not when its sync ends (which may be never, mid-stop).
  app.addHook('preClose', async () => scheduler.stopWaiting())
  const service = createMailService({
    repo: mailRepo,
    sync,
    scheduler,
    gmail,
    events,
    sendRequests: createSendRequestsRepository(deps.db),
    log: app.log,
  })
  // Labels, a selection's actions, snooze and the signature (issue 28, decision 052).
  organize = await createOrganize(app, { db: deps.db, repo: mailRepo, gmail, jobs, mail: service })
  const organized = organize
  // Send later and Undo send (decision 053): jobs any instance takes, whoever is signed in.
  let recordSent: OnSent | undefined
  const scheduled = createScheduledSends({
    repo: createScheduledSendsRepository(deps.db),
    mail: service,
    gmailFor: gmail.forUserId,
    findUser: (userId) => auth.findUser(userId),
    jobs,
    events,
    config: config.scheduledSend,
    onSent: () => recordSent,
    log: app.log,
  })
  await scheduled.start()
  app.addHook('onClose', async () => scheduled.stop())

  return {
    /** What other features use of mail (the AI's briefs, forgetting a disconnected mailbox). */
    service: {
      ...service,
      /** Gmail was disconnected: nothing waiting of theirs goes out (it stays in Drafts). */
      async forgetMailbox(userId: string) {
        await scheduled.cancelAllOf(userId)
        await service.forgetMailbox(userId)
      },
    },
    /**
     * Adds the mail routes, in app.ts's place for them: `onSent` comes from a feature built
     * after this one (the AI's, which needs `service`).
     */
    async registerRoutes(onSent: OnSent) {
      recordSent = onSent
      await app.register(scheduledRoutes, { scheduled })
      await app.register(mailRoutes, {
        mail: service,
        scheduled,
        onSent,
        push,
        recentSessionUserId: auth.recentSessionUserId,
        act: organized.actions.act,
      })
      await app.register(organizeRoutes, { organize: organized })
    },
    /** A user opened the live events stream: their mailbox is synced and kept current. */
    watch: (userId: string) => scheduler.watch(userId),
  }
}

/**
 * Mail's hourly clean-ups for the app's housekeeping: send idempotency keys past their day
 * (decision 044). Its own repository over the same database, since housekeeping is scheduled
 * before the module is built, and the order of the app's close hooks stays as it is.
 */
export function mailHousekeeping(db: Database): HousekeepingTask[] {
  const sendRequests = createSendRequestsRepository(db)
  return [{ name: 'send idempotency keys', run: () => sendRequests.purgeOld() }]
}
