/**
 * Deterministic demo mailboxes for the Google stand-in (the `emulate` package). The output is the
 * Gmail seed shape of emulate 0.12 (`seed.google.labels` / `seed.google.messages`): same account,
 * seed and `now` give the same mailbox, byte for byte.
 *
 * The content lives in data/ (people, locales, conversation scripts, bulk mail's senders, texts
 * and layouts) with the shapes in types.ts; bulk-mail.ts and bulk-mail-services.ts write bulk
 * threads from it, drafts.ts drafts every thread and mime.ts encodes attachments; this module
 * places the threads in time and turns them into seed messages.
 */
import { USER_LABELS } from './data/labels.js'
import { LOCALES } from './data/locales.js'
import { address, buildPeople, createEnv, type Draft, draftThread, type Kind } from './drafts.js'
import { buildRawMessage } from './mime.js'
import { createRng, hashString, shuffle, type Rng } from './rng.js'
import { awake, DAY, HOUR, MINUTE } from './time.js'
import type { Contact } from './types.js'

export type SeedMessage = {
  id: string
  thread_id: string
  user_email: string
  from: string
  to: string
  cc?: string
  subject: string
  body_text?: string
  body_html?: string
  /** base64url RFC 822 message, set when the message has an attachment. */
  raw?: string
  label_ids: string[]
  /** ISO 8601 */
  date: string
  message_id?: string
  in_reply_to?: string
  references?: string
}
export type SeedLabel = {
  id: string
  user_email: string
  name: string
  color_background?: string
  color_text?: string
}
export type DemoAccount = { email: string; name: string }

export const DEFAULT_DEMO_THREADS = 180
const WINDOW = 60 * DAY

/** One block of 40 threads; the mailbox is made of shuffled blocks, so every mix is represented. */
const BLOCK: [Kind, number][] = [
  ['people', 13],
  ['es', 1],
  ['fr', 1],
  ['de', 1],
  ['lang', 1],
  ['newsletter', 5],
  ['promo', 4],
  ['github', 3],
  ['calendar', 2],
  ['shipping', 3],
  ['bank', 1],
  ['travel', 1],
  ['social', 2],
  ['forums', 2],
]

/** Builds one account's mailbox: same inputs, same mailbox (seeded PRNG, no Math.random). */
export function buildDemoMailbox(
  account: DemoAccount,
  opts: { now?: Date; seed?: number; threads?: number } = {},
): { messages: SeedMessage[]; labels: SeedLabel[] } {
  const now = (opts.now ?? new Date()).getTime()
  const total = Math.max(0, Math.floor(opts.threads ?? DEFAULT_DEMO_THREADS))
  const rng = createRng(hashString(account.email) ^ (opts.seed ?? 0x2545f491))
  const people = buildPeople(account)
  const acct = (account.email.split('@')[0] ?? 'demo').toLowerCase().replace(/[^a-z0-9]/g, '')
  const newest = Math.floor((now - HOUR) / 1000) * 1000
  const oldest = Math.ceil((now - WINDOW + 30 * MINUTE) / 1000) * 1000

  const kinds = planKinds(rng, total)
  const env = createEnv(rng, people)
  const messages: SeedMessage[] = []
  let messageNo = 0
  // Oldest thread first, so ids grow (roughly) with time like Gmail's.
  for (let i = total - 1; i >= 0; i--) {
    const position = i === 0 ? 0 : (i + rng.next() * 0.9) / total
    const spread = newest - Math.round(position * (newest - oldest))
    const anchor = i === 0 ? newest : awake(rng, spread, oldest, newest)
    const draft = draftThread(env, kinds[i]!, new Date(anchor))
    const span = draft.messages.reduce((sum, m) => sum + m.gap, 0)
    const latest = Math.max(anchor, oldest + span)
    const threadId = `t_${acct}_${total - i}`
    const thread = materialize(rng, draft, latest - span, {
      threadId,
      acct,
      owner: people.owner,
      nextId: () => ++messageNo,
      olderThanAWeek: now - latest > 7 * DAY,
    })
    for (const m of thread) messages.push(m)
  }
  messages.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))

  const labels = USER_LABELS.map((l) => ({
    id: l.id,
    user_email: account.email,
    name: l.name,
    color_background: l.bg,
    color_text: l.fg,
  }))
  return { messages, labels }
}

function planKinds(rng: Rng, total: number): Kind[] {
  const block = BLOCK.flatMap(([kind, count]) => Array.from({ length: count }, () => kind))
  const kinds: Kind[] = []
  while (kinds.length < total)
    kinds.push(...shuffle(rng, [...block]).slice(0, total - kinds.length))
  return kinds
}

type ThreadContext = {
  threadId: string
  acct: string
  owner: Contact
  nextId: () => number
  olderThanAWeek: boolean
}

function materialize(rng: Rng, draft: Draft, start: number, t: ThreadContext): SeedMessage[] {
  const [pUnread, pStar, pArchive] = draft.flags
  const archived = t.olderThanAWeek && rng.chance(pArchive)
  const important = rng.chance(draft.importance)
  const last = draft.messages.at(-1)!
  const unread =
    !archived &&
    !last.fromOwner &&
    rng.chance(t.olderThanAWeek ? pUnread : Math.min(0.9, pUnread * 2))
  const starred = !last.fromOwner && rng.chance(pStar)
  const out: SeedMessage[] = []
  const ids: string[] = []
  let time = start
  let previous: { text: string; from: Contact; date: Date } | undefined
  draft.messages.forEach((m, index) => {
    time += m.gap
    const n = t.nextId()
    const date = new Date(time)
    const domain = m.from.email.split('@')[1] ?? 'mail.example'
    const messageId = `<${time.toString(36)}.${t.acct}.${n}@${domain}>`
    const isLast = index === draft.messages.length - 1
    const labels: string[] = m.fromOwner
      ? ['SENT']
      : [...(archived ? [] : ['INBOX']), draft.category]
    if (!m.fromOwner && isLast && unread) labels.push('UNREAD')
    if (!m.fromOwner && isLast && starred) labels.push('STARRED')
    if (important) labels.push('IMPORTANT')
    labels.push(...draft.labels)
    const quoteHeader =
      previous && LOCALES[draft.lang].quoteHeader(previous.date, address(previous.from))
    const text =
      draft.quote && previous
        ? `${m.text}\n\n${quoteHeader}\n${previous.text.replace(/^/gm, '> ').replace(/^> $/gm, '>')}`
        : m.text
    const message: SeedMessage = {
      id: `m_${t.acct}_${n}`,
      thread_id: t.threadId,
      user_email: t.owner.email,
      from: address(m.from),
      to: m.to,
      ...(m.cc ? { cc: m.cc } : {}),
      subject: index === 0 ? draft.subject : `Re: ${draft.subject}`,
      body_text: text,
      ...(m.html ? { body_html: m.html } : {}),
      label_ids: labels,
      date: date.toISOString(),
      message_id: messageId,
      ...(index > 0 ? { in_reply_to: ids.at(-1), references: ids.join(' ') } : {}),
    }
    if (m.attachment) message.raw = buildRawMessage(message, m.attachment, `b_${t.acct}_${n}`)
    out.push(message)
    ids.push(messageId)
    previous = { text: m.text, from: m.from, date }
  })
  return out
}
