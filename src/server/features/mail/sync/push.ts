import { timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { OAuth2Client } from 'google-auth-library'
import { z } from 'zod'
import { Unauthorized } from '../../../lib/errors.js'
import type { GmailAccess } from '../gmail/access.js'
import type { MailRepository } from '../store/repository.js'
import type { MailScheduler } from './scheduler.js'

/**
 * Gmail push (decision 037): Gmail tells a Pub/Sub topic when a watched mailbox changes, and
 * Pub/Sub pushes that to Inkwell, which syncs at once instead of at the next poll. History
 * polling stays: a lost push only delays a change to the next poll.
 */
export type GmailPushConfig = {
  /** `projects/<project>/topics/<topic>`, with gmail-api-push@system.gserviceaccount.com as a publisher. */
  topic: string
  /** The push subscription's OIDC audience: pushes carry a Google-signed JWT for it. */
  audience?: string
  /** The service account the subscription signs as (the JWT's email), when set. */
  serviceAccount?: string
  /** A shared secret in the push URL (`?token=`), for subscriptions without OIDC. */
  token?: string
}

/** Gmail asks for a renewal at least every 7 days; daily keeps a missed one harmless. */
export const WATCH_RENEW_MS = 24 * 60 * 60 * 1000
/** How often each instance looks for watches due: the first free instance renews each one. */
const WATCH_CHECK_MS = 60 * 60 * 1000

/** Who signs Pub/Sub's OIDC tokens. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com']

/** The Pub/Sub push body: the message's data is base64 JSON `{ emailAddress, historyId }`. */
export const PushBodySchema = z.object({
  message: z.object({ data: z.string().max(10_000), messageId: z.string().optional() }),
  subscription: z.string().optional(),
})
const NotificationSchema = z.object({ emailAddress: z.string().max(320) })

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createGmailPush(deps: {
  config: GmailPushConfig
  gmail: GmailAccess
  repo: Pick<MailRepository, 'claimWatchRenewal' | 'releaseWatchRenewal' | 'watchesDue'>
  scheduler: MailScheduler
  findUserIdByEmail: (email: string) => Promise<string | null>
  log: FastifyBaseLogger
  /**
   * Google's current signing keys by key id, which a push's OIDC token must be signed with.
   * Google's published certificates (cached by the client library) unless a test gives its own.
   */
  oidcCerts?: () => Promise<Record<string, string>>
}) {
  const { config, log } = deps
  const oidc = new OAuth2Client()
  const oidcCerts =
    deps.oidcCerts ?? (async () => (await oidc.getFederatedSignonCertsAsync()).certs)
  /** When this instance last saw each user's watch renewed, so a sync skips the claim query. */
  const renewedAt = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined

  /** Sets up the watch (again); throws when Gmail refuses. */
  async function watch(userId: string): Promise<void> {
    const gmail = await deps.gmail.forUserId(userId)
    if (!gmail) return
    await gmail.watch.start({
      topicName: config.topic,
      labelIds: ['INBOX'],
      labelFilterBehavior: 'include',
    })
  }

  /**
   * Renews the user's watch when it is due, unless another instance claimed it first: the
   * claim is one row update in PostgreSQL, so a mailbox's watch is renewed once a day however
   * many instances run. A failed renewal gives the claim back for the next attempt.
   */
  async function renewIfDue(userId: string): Promise<void> {
    const now = Date.now()
    if (now - (renewedAt.get(userId) ?? 0) < WATCH_RENEW_MS) return
    if (!(await deps.repo.claimWatchRenewal(userId, new Date(now - WATCH_RENEW_MS)))) {
      // Renewed within the day, here or elsewhere: look again at the next check.
      renewedAt.set(userId, now - WATCH_RENEW_MS + WATCH_CHECK_MS)
      return
    }
    try {
      await watch(userId)
      renewedAt.set(userId, now)
    } catch (error) {
      await deps.repo.releaseWatchRenewal(userId)
      log.warn({ err: error, userId }, 'setting up the Gmail watch failed; polling continues')
    }
  }

  /** Renews every mailbox's watch that is due, each by whichever instance claims it. */
  async function renewDue(): Promise<void> {
    for (const userId of await deps.repo.watchesDue(new Date(Date.now() - WATCH_RENEW_MS))) {
      await renewIfDue(userId)
    }
  }

  return {
    /** After a sync: the mailbox's watch is set up, or renewed when a day old. */
    ensureWatching: renewIfDue,

    renewDue,

    /** Looks for watches due every hour, from start. */
    start() {
      timer = setInterval(() => {
        renewDue().catch((error: unknown) => log.warn({ err: error }, 'watch renewal failed'))
      }, WATCH_CHECK_MS)
      timer.unref()
    },

    stop() {
      clearInterval(timer)
    },

    /**
     * Checks that a push comes from our Pub/Sub subscription: the shared token in the URL,
     * and/or a Google-signed OIDC token for our audience (and service account). Throws
     * Unauthorized otherwise.
     */
    async verify(request: { token?: string; authorization?: string }): Promise<void> {
      if (config.token && !(request.token && sameSecret(request.token, config.token))) {
        throw new Unauthorized('This push does not carry the configured token', 'bad_push')
      }
      if (config.audience) {
        const jwt = /^Bearer\s+(.+)$/i.exec(request.authorization ?? '')?.[1]
        if (!jwt) throw new Unauthorized('This push carries no OIDC token', 'bad_push')
        let claims
        try {
          // What verifyIdToken does, with the keys from `oidcCerts`: the signature, the
          // audience, Google as the issuer, and a token neither expired nor from the future.
          const ticket = await oidc.verifySignedJwtWithCertsAsync(
            jwt,
            await oidcCerts(),
            config.audience,
            GOOGLE_ISSUERS,
          )
          claims = ticket.getPayload()
        } catch {
          throw new Unauthorized('This push is not signed by Google for Inkwell', 'bad_push')
        }
        if (
          config.serviceAccount &&
          (claims?.email !== config.serviceAccount || claims.email_verified !== true)
        ) {
          throw new Unauthorized('This push was not sent by the configured account', 'bad_push')
        }
      }
    },

    /** A verified push: the mailbox it names syncs soon. Unknown or unreadable ones are acked. */
    async receive(body: z.infer<typeof PushBodySchema>): Promise<void> {
      let email: string
      try {
        const json: unknown = JSON.parse(Buffer.from(body.message.data, 'base64').toString())
        email = NotificationSchema.parse(json).emailAddress.toLowerCase()
      } catch {
        log.warn('a Gmail push without a mailbox address; ignored')
        return
      }
      const userId = await deps.findUserIdByEmail(email)
      if (userId) await deps.scheduler.syncSoon(userId)
    },
  }
}

export type GmailPush = ReturnType<typeof createGmailPush>
