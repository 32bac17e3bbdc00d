/**
 * What the Gmail calls a bench saw (through the fault proxy's log) cost: each call named as
 * the quota tables name it, and priced under both of them. Shared by the sync benches.
 */
import {
  GMAIL_QUOTA,
  GMAIL_QUOTA_MODELS,
  type GmailOperation,
  type GmailQuotaModel,
} from '../src/server/features/mail/gmail/quota.js'
// One table of Gmail's paths and what each call is, shared with the tests' budgets.
import { gmailOperationOf } from '../src/server/test/gmail-units.js'

/** The calls counted by operation, and their units under each quota table. */
export function gmailCost(calls: readonly { method: string; path: string }[]) {
  const byOperation = new Map<GmailOperation, number>()
  const units = Object.fromEntries(GMAIL_QUOTA_MODELS.map((model) => [model, 0])) as Record<
    GmailQuotaModel,
    number
  >
  for (const call of calls) {
    const operation = gmailOperationOf(call.method, call.path)
    if (!operation) continue
    byOperation.set(operation, (byOperation.get(operation) ?? 0) + 1)
    for (const model of GMAIL_QUOTA_MODELS) units[model] += GMAIL_QUOTA[model].prices[operation]
  }
  return { byOperation, units }
}

/** `threadsGet 1000, historyList 2`, in the order the calls were first made. */
export const describeCalls = (byOperation: Map<GmailOperation, number>) =>
  [...byOperation].map(([operation, n]) => `${operation} ${n.toLocaleString()}`).join(', ')
