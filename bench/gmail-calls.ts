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

/** Gmail's REST paths (after `/gmail/v1/users/me`), by method, and the operation each one is. */
const OPERATIONS: [method: string, path: RegExp, operation: GmailOperation][] = [
  ['GET', /\/messages$/, 'messagesList'],
  ['GET', /\/messages\/[^/]+\/attachments\/[^/]+$/, 'attachmentsGet'],
  ['GET', /\/messages\/[^/]+$/, 'messagesGet'],
  ['GET', /\/threads$/, 'threadsList'],
  ['GET', /\/threads\/[^/]+$/, 'threadsGet'],
  ['GET', /\/history$/, 'historyList'],
  ['GET', /\/labels$/, 'labelsList'],
  ['GET', /\/settings\/sendAs$/, 'sendAsList'],
  ['POST', /\/watch$/, 'watch'],
]

/**
 * The operation a request to Gmail is, or null for one that is not Gmail's (sign-in, tokens).
 * A Gmail call this table does not know is an error, so no call goes uncounted.
 */
export function gmailOperationOf(method: string, url: string): GmailOperation | null {
  const route = url.split('?')[0] ?? ''
  if (!route.includes('/gmail/')) return null
  const found = OPERATIONS.find(([m, pattern]) => m === method && pattern.test(route))
  if (!found) throw new Error(`no price for ${method} ${route}`)
  return found[2]
}

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
