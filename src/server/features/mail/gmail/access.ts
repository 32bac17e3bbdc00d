import type { UserRow } from '../../../db/schema.js'
import type { AuthService } from '../../auth/service.js'
import { GmailNotConnected } from './call.js'
import { GmailSession } from './session.js'
import { GMAIL_QUOTA, QuotaBudget, type GmailQuotaModel, type QuotaStore } from './quota.js'

/**
 * The one way to a user's Gmail: their Google grant, their quota bucket (shared with every
 * instance, in PostgreSQL), and the revoked-grant rule, for requests and background jobs.
 */
export function createGmailAccess(deps: {
  auth: AuthService
  /** Where each user's quota bucket is kept (the mail repository, in PostgreSQL). */
  repo: { quotaStore(userId: string): QuotaStore }
  apiRootUrl: string
  quotaModel: GmailQuotaModel
  /** The per-user budget the calls are paced to; 0 = no pacing (the stand-in has no quota). */
  quotaUnitsPerMinute: number
}) {
  const { prices } = GMAIL_QUOTA[deps.quotaModel]
  const budgets = new Map<string, QuotaBudget>()

  function budgetFor(userId: string): QuotaBudget {
    let budget = budgets.get(userId)
    if (!budget) {
      budget = new QuotaBudget(deps.quotaUnitsPerMinute, deps.repo.quotaStore(userId))
      budgets.set(userId, budget)
    }
    return budget
  }

  function sessionFor(user: UserRow, background: boolean): GmailSession {
    const client = deps.auth.googleClientFor(user)
    if (!client) throw new GmailNotConnected()
    return new GmailSession(
      client,
      deps.apiRootUrl,
      budgetFor(user.id),
      prices,
      () => deps.auth.markGmailRevoked(user.id),
      background,
    )
  }

  /** For a request: what the user is doing now, first in line for the quota. */
  const forUser = (user: UserRow) => sessionFor(user, false)

  return {
    forUser,
    /**
     * For a background job, which knows only the user's id; null when Gmail is gone. Its calls
     * leave a reserve in the quota for the user's own.
     */
    async forUserId(userId: string): Promise<GmailSession | null> {
      const user = await deps.auth.findUser(userId)
      if (!user?.gmailConnected) return null
      try {
        return sessionFor(user, true)
      } catch (error) {
        if (error instanceof GmailNotConnected) return null
        throw error
      }
    },
  }
}

export type GmailAccess = ReturnType<typeof createGmailAccess>
