import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../db/client.js'
import type { JobQueue } from '../../../lib/jobs.js'
import type { GmailAccess } from '../gmail/access.js'
import type { MailService } from '../service.js'
import type { MailRepository } from '../store/repository.js'
import { createSelectionRepository } from '../store/selection-repository.js'
import { createSignatureRepository } from '../store/signature-repository.js'
import { createSnoozesRepository } from '../store/snoozes-repository.js'
import { createThreadActions } from './actions.js'
import { createLabelsService } from './labels.js'
import { createSignatureService } from './signature.js'
import { createSnoozeService } from './snooze.js'

/**
 * The whole mailbox's organizing (issue 28): labels both ways with Gmail, labelling and
 * moving conversations one or a selection at a time, snooze with its queued jobs, and the
 * Gmail signature. Starts the snooze worker and sweep, and stops the sweep with the app.
 */
export async function createOrganize(
  app: FastifyInstance,
  deps: {
    db: Database
    repo: MailRepository
    gmail: GmailAccess
    jobs: JobQueue
    mail: MailService
  },
) {
  const { repo, gmail, mail } = deps
  const labels = createLabelsService({
    repo,
    gmailFor: gmail.forUser,
    announce: mail.announceChange,
  })
  const snooze = createSnoozeService({
    repo,
    snoozes: createSnoozesRepository(deps.db),
    labels,
    gmail,
    jobs: deps.jobs,
    announce: mail.announceChange,
    log: app.log,
  })
  const actions = createThreadActions({
    mail,
    repo,
    selection: createSelectionRepository(deps.db),
    labels,
    snooze,
    gmailFor: gmail.forUser,
  })
  const signature = createSignatureService({
    signatures: createSignatureRepository(deps.db),
    gmailFor: gmail.forUser,
  })
  await snooze.start()
  app.addHook('onClose', async () => snooze.stop())
  return { labels, snooze, actions, signature }
}

export type Organize = Awaited<ReturnType<typeof createOrganize>>
