import { TooManyRequests } from '../../lib/errors.js'
import { usagePeriodStart } from './plan.js'
import type { BillingRepository } from './repository.js'

/** The spec's 429 message (section 8); the client shows it with an Upgrade button. */
export const CREDITS_EXHAUSTED_MESSAGE =
  "You've reached your monthly AI email limit. Upgrade to Pro for unlimited access."

/** A credit taken for one generation; hand it back to `refund` if the generation fails. */
export type CreditReservation = { userId: string; periodStart: Date }

export type CreditsServiceDeps = {
  repo: Pick<BillingRepository, 'reserveCredit' | 'refundCredit'>
  freeAiEmailsPerMonth: number
  /** The clock; tests set the date (month rollover). */
  now: () => Date
}

/** AI credits (decisions 012 and 014): the Free allowance, reserved before a generation and refunded after a failure. */
export function createCreditsService({ repo, freeAiEmailsPerMonth, now }: CreditsServiceDeps) {
  return {
    /** Reserves one credit before a provider call; 429 with the spec's message when none is left. */
    async reserve(userId: string): Promise<CreditReservation> {
      const at = now()
      const periodStart = usagePeriodStart(at)
      const taken = await repo.reserveCredit(userId, at, periodStart, freeAiEmailsPerMonth)
      if (!taken) {
        // The allowance comes back on the 1st (UTC): that is when trying again can work.
        const nextPeriod = new Date(
          Date.UTC(periodStart.getUTCFullYear(), periodStart.getUTCMonth() + 1, 1),
        )
        throw new TooManyRequests(CREDITS_EXHAUSTED_MESSAGE, 'ai_limit_reached', {
          retryAfterSeconds: (nextPeriod.getTime() - at.getTime()) / 1000,
        })
      }
      return { userId, periodStart }
    },

    /** Gives a reserved credit back (the provider failed, or was cancelled before any text). */
    async refund(reservation: CreditReservation): Promise<void> {
      await repo.refundCredit(reservation.userId, reservation.periodStart)
    },
  }
}

export type CreditsService = ReturnType<typeof createCreditsService>
