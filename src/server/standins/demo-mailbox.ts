/**
 * Deterministic demo mailboxes for the Google stand-in (the `emulate` package). The output is the
 * Gmail seed shape of emulate 0.12 (`seed.google.labels` / `seed.google.messages`): same account,
 * seed and `now` give the same mailbox, byte for byte.
 */
import {
  COLLEAGUES,
  CONTACTS,
  CONVERSATIONS,
  FAMILY_FIRST_NAMES,
  LANG_CONTACTS,
  LANG_CONVERSATIONS,
  LOCALES,
  NOTIFICATIONS,
  PROJECTS,
  USER_LABELS,
  langNotification,
  type AttachmentSpec,
  type CalendarEvent,
  type Category,
  type Contact,
  type Conversation,
  type Ctx,
  type Lang,
  type NotificationKind,
  type NotificationThread,
  type Pool,
  type UserLabel,
} from './demo-mailbox-templates.js'

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
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WINDOW = 60 * DAY
/** A duration in whole seconds, so dates look like real Date headers. */
const minutes = (m: number) => Math.round(m * 60) * 1000

type Kind = 'people' | 'es' | 'fr' | 'de' | 'lang' | NotificationKind
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
/** Per kind: [unread, starred, archived] probabilities. */
const FLAGS: Record<'person' | 'bulk' | 'notice', [number, number, number]> = {
  person: [0.24, 0.24, 0.025],
  bulk: [0.38, 0.02, 0.05],
  notice: [0.24, 0.08, 0.07],
}

type Rng = ReturnType<typeof createRng>
/** mulberry32: tiny, fast and plenty for demo data. */
function createRng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  }
}

function hashString(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193)
  return h >>> 0
}

const address = (c: Contact) => `${c.name} <${c.email}>`
const firstName = (c: Contact) => c.name.split(' ')[0] ?? c.name
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match)

// ---------------------------------------------------------------------------------------------
// Threads before dates and ids are known

type DraftMessage = {
  fromOwner: boolean
  from: Contact
  to: string
  cc?: string
  text: string
  html?: string
  attachment?: AttachmentSpec
  /** Time since the previous message of the thread. */
  gap: number
}
type Draft = {
  subject: string
  lang: Lang
  category: Category
  labels: UserLabel[]
  importance: number
  flags: [number, number, number]
  quote: boolean
  messages: DraftMessage[]
}

type People = {
  owner: Contact
  ownerCompany: string
  pool: (pool: Pool, lang: Lang) => Contact[]
  colleagues: Contact[]
}

function buildPeople(account: DemoAccount): People {
  const [local = 'demo', domain = 'inkwell.demo'] = account.email.split('@')
  const last = account.name.split(' ').slice(1).join(' ') || local
  const at = (first: string, surname: string) =>
    `${first}.${surname}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${domain}`
  const ownerCompany = domain.split('.')[0]!.replace(/^./, (c) => c.toUpperCase())
  const colleagues = COLLEAGUES.map(([first, surname, title]) => ({
    name: `${first} ${surname}`,
    email: at(first, surname),
    company: ownerCompany,
    title,
  })).filter((c) => c.email !== account.email)
  const family = FAMILY_FIRST_NAMES.map((first) => ({
    name: `${first} ${last}`,
    email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@kitemail.com',
  }))
  const english: Record<Pool, Contact[]> = { ...CONTACTS, colleague: colleagues, family }
  return {
    owner: { name: account.name, email: account.email },
    ownerCompany,
    colleagues,
    pool: (pool, lang) => {
      if (lang === 'en') return english[pool]
      const local = LANG_CONTACTS[lang]
      return pool === 'friend' || pool === 'family' ? local.friends : local.work
    },
  }
}

function conversationDraft(
  rng: Rng,
  people: People,
  conv: Conversation,
  lang: Lang,
  at: Date,
): Draft {
  const personal = conv.pool === 'friend' || conv.pool === 'family'
  const locale = LOCALES[lang]
  const contact = rng.pick(people.pool(conv.pool, lang))
  const cc = conv.cc ? rng.pick(people.colleagues.filter((c) => c !== contact)) : undefined
  const company = contact.company ?? ''
  const vars: Record<string, string> = {
    me: firstName(people.owner),
    them: firstName(contact),
    cc: cc ? firstName(cc) : '',
    company,
    companySlug: company.replace(/[^A-Za-z0-9]+/g, '-'),
    ownerCompany: people.ownerCompany,
    project: rng.pick(PROJECTS),
    q: String(Math.floor(at.getUTCMonth() / 3) + 1),
    day: rng.pick(locale.weekdays),
    num: String(rng.int(1000, 9999)),
    num2: String(rng.int(10000, 99999)),
  }
  const register = personal ? 'personal' : 'work'
  const min = personal && !conv.ownerStarts ? 1 : 2
  const count = rng.int(Math.min(min, conv.turns.length), conv.turns.length)
  const messages: DraftMessage[] = []
  for (let i = 0; i < count; i++) {
    const fromOwner = (i % 2 === 0) === Boolean(conv.ownerStarts)
    const from = fromOwner ? people.owner : contact
    const recipient = fromOwner ? contact : people.owner
    const greeting = fill(rng.pick(locale.greet[register]), { them: firstName(recipient) })
    const signature =
      !fromOwner && i < 2 && contact.title
        ? `${contact.name}\n${contact.title}, ${company}`
        : firstName(from)
    const body = fill(conv.turns[i]!, vars)
    const text = `${greeting}\n\n${body}\n\n${rng.pick(locale.signoff[register])}\n${signature}`
    const overnight = rng.chance(0.2) ? 14 * HOUR : 0
    messages.push({
      fromOwner,
      from,
      to: address(recipient),
      cc: cc ? address(cc) : undefined,
      text,
      attachment: i === 0 && conv.attachment ? fillAttachment(conv.attachment, vars) : undefined,
      gap: i === 0 ? 0 : overnight + minutes(10 + rng.next() ** 2 * (personal ? 600 : 300)),
    })
  }
  const labels = [...(conv.labels ?? [])]
  const isClient = conv.pool === 'client' && lang === 'en'
  if (isClient && !labels.includes('Label_clients') && rng.chance(0.8)) labels.push('Label_clients')
  return {
    subject: fill(typeof conv.subject === 'string' ? conv.subject : rng.pick(conv.subject), vars),
    lang,
    category: 'CATEGORY_PERSONAL',
    labels,
    importance: conv.important ? 0.8 : personal ? 0.05 : 0.15,
    flags: FLAGS.person,
    quote: true,
    messages,
  }
}

function fillAttachment(spec: AttachmentSpec, vars: Record<string, string>): AttachmentSpec {
  if (spec.kind === 'pdf') {
    return {
      ...spec,
      filename: fill(spec.filename, vars),
      title: fill(spec.title, vars),
      lines: spec.lines.map((l) => fill(l, vars)),
    }
  }
  if (spec.kind === 'csv') {
    return {
      ...spec,
      filename: fill(spec.filename, vars),
      rows: spec.rows.map((r) => r.map((c) => fill(c, vars))),
    }
  }
  return spec
}

function notificationDraft(rng: Rng, people: People, n: NotificationThread, bulk: boolean): Draft {
  return {
    subject: n.subject,
    lang: n.lang ?? 'en',
    category: n.category,
    labels: n.labels ?? [],
    importance: n.importance ?? 0.02,
    flags: bulk ? FLAGS.bulk : FLAGS.notice,
    quote: false,
    messages: n.messages.map((m, i) => ({
      fromOwner: false,
      from: m.from,
      to: m.to ?? address(people.owner),
      cc: m.cc,
      text: m.text,
      html: m.html,
      attachment: m.attachment,
      gap: i === 0 ? 0 : minutes(20 + rng.next() * 1400),
    })),
  }
}

/** Mailbox-wide state: the random stream, the people, and decks so templates rarely repeat. */
type Env = {
  rng: Rng
  people: People
  serial: (key: string) => number
  conversation: Record<Lang, () => Conversation>
}

function createEnv(rng: Rng, people: People): Env {
  const counters = new Map<string, number>()
  const serial = (key: string) => {
    const n = counters.get(key) ?? 0
    counters.set(key, n + 1)
    return n
  }
  return {
    rng,
    people,
    serial,
    conversation: {
      en: deck(rng, CONVERSATIONS),
      es: deck(rng, LANG_CONVERSATIONS.es),
      fr: deck(rng, LANG_CONVERSATIONS.fr),
      de: deck(rng, LANG_CONVERSATIONS.de),
    },
  }
}

/** Draws items in a shuffled order, reshuffling once all have been used. */
function deck<T>(rng: Rng, items: readonly T[]): () => T {
  let pile: T[] = []
  return () => {
    if (pile.length === 0) pile = shuffle(rng, [...items])
    return pile.pop()!
  }
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

function draftThread(env: Env, kind: Kind, at: Date): Draft {
  const { rng, people } = env
  const ctx: Ctx = {
    pick: rng.pick,
    int: rng.int,
    chance: rng.chance,
    at,
    owner: people.owner,
    colleague: () => rng.pick(people.colleagues),
    client: () => rng.pick(CONTACTS.client),
    serial: env.serial,
  }
  if (kind === 'people') return conversationDraft(rng, people, env.conversation.en(), 'en', at)
  if (kind === 'es' || kind === 'fr' || kind === 'de' || kind === 'lang') {
    const lang = kind === 'lang' ? rng.pick(['es', 'fr', 'de'] as const) : kind
    if (rng.chance(0.25)) return notificationDraft(rng, people, langNotification(lang, ctx), true)
    return conversationDraft(rng, people, env.conversation[lang](), lang, at)
  }
  const bulk = kind === 'newsletter' || kind === 'promo' || kind === 'social'
  return notificationDraft(rng, people, NOTIFICATIONS[kind](ctx), bulk)
}

// ---------------------------------------------------------------------------------------------
// Mailbox

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

/** Moves a time to 07:00-23:00 UTC on the same day (or a neighbouring one), in whole seconds. */
function awake(rng: Rng, time: number, oldest: number, newest: number): number {
  let t = time - (time % DAY) + 7 * HOUR + minutes(rng.next() * 16 * 60)
  if (t > newest) t -= DAY
  if (t < oldest) t += DAY
  return t > newest || t < oldest ? Math.round(time / 1000) * 1000 : t
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

// ---------------------------------------------------------------------------------------------
// MIME: multipart/mixed messages with one attachment, written by hand so generation stays
// synchronous and deterministic (fixed boundaries, no generated ids).

const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s)

/** RFC 2047 encoded words, split so each stays under 76 characters. */
function encodeWords(value: string): string {
  if (isAscii(value)) return value
  const words: string[] = []
  let chunk = ''
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk)
      chunk = ''
    }
    chunk += char
  }
  words.push(chunk)
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ')
}

function encodeAddress(value: string): string {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(value)
  if (!match) return value
  const name = match[1]!
  const shown = isAscii(name)
    ? /[()<>[\]:;@\\,."]/.test(name)
      ? `"${name.replace(/["\\]/g, '\\$&')}"`
      : name
    : encodeWords(name)
  return `${shown} <${match[2]}>`
}

const wrap76 = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n').trimEnd()
const base64Part = (type: string, content: string | Buffer) => [
  `Content-Type: ${type}`,
  'Content-Transfer-Encoding: base64',
  '',
  wrap76(Buffer.from(content).toString('base64')),
]

function buildRawMessage(m: SeedMessage, spec: AttachmentSpec, boundary: string): string {
  const file = renderAttachment(spec)
  const body = m.body_html
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary}_alt"`,
        '',
        `--${boundary}_alt`,
        ...base64Part('text/plain; charset=utf-8', m.body_text ?? ''),
        `--${boundary}_alt`,
        ...base64Part('text/html; charset=utf-8', m.body_html),
        `--${boundary}_alt--`,
      ]
    : base64Part('text/plain; charset=utf-8', m.body_text ?? '')
  const lines = [
    `From: ${encodeAddress(m.from)}`,
    `To: ${encodeAddress(m.to)}`,
    ...(m.cc ? [`Cc: ${encodeAddress(m.cc)}`] : []),
    `Subject: ${encodeWords(m.subject)}`,
    `Date: ${new Date(m.date).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${m.message_id}`,
    ...(m.in_reply_to ? [`In-Reply-To: ${m.in_reply_to}`, `References: ${m.references}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    `--${boundary}`,
    `Content-Type: ${file.type}; name="${spec.filename}"`,
    `Content-Disposition: attachment; filename="${spec.filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(file.data.toString('base64')),
    `--${boundary}--`,
    '',
  ]
  return Buffer.from(lines.join('\r\n'), 'utf8').toString('base64url')
}

function renderAttachment(spec: AttachmentSpec): { type: string; data: Buffer } {
  if (spec.kind === 'pdf') return { type: 'application/pdf', data: tinyPdf(spec.title, spec.lines) }
  if (spec.kind === 'csv') {
    const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)
    const csv = spec.rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
    return { type: 'text/csv; charset=utf-8', data: Buffer.from(csv) }
  }
  return {
    type: 'text/calendar; charset=utf-8; method=REQUEST',
    data: Buffer.from(icsEvent(spec.event)),
  }
}

/** A one-page PDF with a title and a few lines of Helvetica, with a correct xref table. */
function tinyPdf(title: string, lines: string[]): Buffer {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\()]/g, '\\$&')
  const text = [`BT /F1 18 Tf 72 720 Td (${ascii(title)}) Tj /F1 11 Tf`]
  for (const line of lines) text.push(`0 -22 Td (${ascii(line)}) Tj`)
  const stream = `${text.join('\n')}\nET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((object, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

function icsEvent(e: CalendarEvent): string {
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')
  const who = (role: string, c: Contact) => `${role};CN=${c.name}:mailto:${c.email}`
  const escape = (s: string) => s.replace(/[\\;,]/g, '\\$&')
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Inkwell Demo//Calendar//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `DTSTAMP:${stamp(e.sent)}`,
    who('ORGANIZER', e.organizer),
    `UID:${e.uid}`,
    ...e.attendees.map((a) =>
      who('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE', a),
    ),
    `SUMMARY:${escape(e.summary)}`,
    `LOCATION:${escape(e.location)}`,
    `DESCRIPTION:${escape(e.description)}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}
