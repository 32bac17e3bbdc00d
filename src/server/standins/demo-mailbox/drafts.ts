/**
 * Demo threads before dates and ids are known: who writes to whom, in which language, what they
 * say and what is attached. index.ts places the drafts in time and turns them into seed
 * messages.
 */
import { langNotification, NOTIFICATIONS } from './bulk-mail.js'
import { LANG_CONVERSATIONS } from './data/conversations-i18n.js'
import { CONVERSATIONS } from './data/conversations.js'
import { LOCALES } from './data/locales.js'
import { COLLEAGUES, CONTACTS, FAMILY_FIRST_NAMES, LANG_CONTACTS, PROJECTS } from './data/people.js'
import { deck, type Rng } from './rng.js'
import { HOUR, minutes } from './time.js'
import type {
  AttachmentSpec,
  Category,
  Contact,
  Conversation,
  Ctx,
  Lang,
  NotificationKind,
  NotificationThread,
  Pool,
  UserLabel,
} from './types.js'

export type Kind = 'people' | 'es' | 'fr' | 'de' | 'lang' | NotificationKind

/** Per kind: [unread, starred, archived] probabilities. */
const FLAGS: Record<'person' | 'bulk' | 'notice', [number, number, number]> = {
  person: [0.24, 0.24, 0.025],
  bulk: [0.38, 0.02, 0.05],
  notice: [0.24, 0.08, 0.07],
}

export const address = (c: Contact) => `${c.name} <${c.email}>`
const firstName = (c: Contact) => c.name.split(' ')[0] ?? c.name
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match)

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
export type Draft = {
  subject: string
  lang: Lang
  category: Category
  labels: UserLabel[]
  importance: number
  flags: [number, number, number]
  quote: boolean
  messages: DraftMessage[]
}

export type People = {
  owner: Contact
  ownerCompany: string
  pool: (pool: Pool, lang: Lang) => Contact[]
  colleagues: Contact[]
}

export function buildPeople(account: { email: string; name: string }): People {
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
export type Env = {
  rng: Rng
  people: People
  serial: (key: string) => number
  conversation: Record<Lang, () => Conversation>
}

export function createEnv(rng: Rng, people: People): Env {
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

/** One thread of the given kind, written as of `at`. */
export function draftThread(env: Env, kind: Kind, at: Date): Draft {
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
