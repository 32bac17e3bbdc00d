import { GMAIL_QUOTA, type GmailOperation } from '../features/mail/gmail/quota.js'

/** Gmail's REST paths (after `/gmail/v1/users/me`), by method, and the operation each one is. */
const OPERATIONS: [method: string, path: RegExp, operation: GmailOperation][] = [
  ['GET', /\/messages$/, 'messagesList'],
  ['GET', /\/messages\/[^/]+\/attachments\/[^/]+$/, 'attachmentsGet'],
  ['GET', /\/messages\/[^/]+$/, 'messagesGet'],
  ['POST', /\/messages\/send$/, 'messagesSend'],
  ['GET', /\/threads$/, 'threadsList'],
  ['GET', /\/threads\/[^/]+$/, 'threadsGet'],
  ['POST', /\/threads\/[^/]+\/modify$/, 'threadsModify'],
  ['POST', /\/threads\/[^/]+\/trash$/, 'threadsTrash'],
  ['GET', /\/history$/, 'historyList'],
  ['GET', /\/labels$/, 'labelsList'],
  ['POST', /\/labels$/, 'labelsCreate'],
  ['PATCH', /\/labels\/[^/]+$/, 'labelsPatch'],
  ['DELETE', /\/labels\/[^/]+$/, 'labelsDelete'],
  ['POST', /\/messages\/batchModify$/, 'messagesBatchModify'],
  ['GET', /\/settings\/sendAs$/, 'sendAsList'],
  ['GET', /\/drafts$/, 'draftsList'],
  ['GET', /\/drafts\/[^/]+$/, 'draftsGet'],
  ['POST', /\/drafts$/, 'draftsCreate'],
  ['PUT', /\/drafts\/[^/]+$/, 'draftsUpdate'],
  ['DELETE', /\/drafts\/[^/]+$/, 'draftsDelete'],
  ['POST', /\/watch$/, 'watch'],
]

/**
 * The operation a request to Gmail is, read from its method and path the way Google prices it,
 * or null for one that is not Gmail's (sign-in, tokens). A Gmail call this table does not know
 * is an error, so a new call cannot slip past a budget test or a bench's count.
 */
export function gmailOperationOf(method: string, url: string): GmailOperation | null {
  const path = url.split('?')[0] ?? ''
  if (!path.includes('/gmail/')) return null
  const found = OPERATIONS.find(([m, pattern]) => m === method && pattern.test(path))
  if (!found) throw new Error(`no Gmail price for ${method} ${path}`)
  return found[2]
}

/** What a logged request cost in Gmail quota units under the 2026 table (0 if not Gmail's). */
export function gmailUnitsOf(method: string, url: string): number {
  const operation = gmailOperationOf(method, url)
  return operation ? GMAIL_QUOTA['2026'].prices[operation] : 0
}
