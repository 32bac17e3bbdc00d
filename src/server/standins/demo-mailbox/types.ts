/** The shapes the demo mailbox is built from: people, locales, conversation scripts and bulk mail. */
export type Lang = 'en' | 'es' | 'fr' | 'de'
export type Category =
  | 'CATEGORY_PERSONAL'
  | 'CATEGORY_SOCIAL'
  | 'CATEGORY_PROMOTIONS'
  | 'CATEGORY_UPDATES'
  | 'CATEGORY_FORUMS'
export type UserLabel = 'Label_clients' | 'Label_travel' | 'Label_receipts'
export type Contact = { name: string; email: string; company?: string; title?: string }
export type Pool = 'colleague' | 'client' | 'vendor' | 'friend' | 'family'

export type CalendarEvent = {
  uid: string
  /** When the invitation was sent (DTSTAMP). */
  sent: Date
  summary: string
  start: Date
  end: Date
  location: string
  description: string
  organizer: Contact
  attendees: Contact[]
}
export type AttachmentSpec =
  | { kind: 'pdf'; filename: string; title: string; lines: string[] }
  | { kind: 'csv'; filename: string; rows: string[][] }
  | { kind: 'ics'; filename: string; event: CalendarEvent }

export type Locale = {
  weekdays: string[]
  greet: { work: string[]; personal: string[] }
  signoff: { work: string[]; personal: string[] }
  quoteHeader: (d: Date, who: string) => string
}

export type Conversation = {
  /** Alternatives are picked at random, so a template used twice reads differently. */
  subject: string | string[]
  pool: Pool
  turns: string[]
  ownerStarts?: boolean
  cc?: boolean
  important?: boolean
  labels?: UserLabel[]
  attachment?: AttachmentSpec
}

export type Ctx = {
  pick: <T>(items: readonly T[]) => T
  int: (min: number, max: number) => number
  chance: (p: number) => boolean
  /** When the (latest) message of the thread is sent. */
  at: Date
  owner: Contact
  colleague: () => Contact
  client: () => Contact
  /** 0, 1, 2... per key across the mailbox, so recurring senders rotate their content. */
  serial: (key: string) => number
}
export type NotificationMessage = {
  from: Contact
  to?: string
  cc?: string
  text: string
  html?: string
  attachment?: AttachmentSpec
}
export type NotificationThread = {
  subject: string
  category: Category
  labels?: UserLabel[]
  /** Probability that the thread is marked IMPORTANT. */
  importance?: number
  lang?: Lang
  messages: NotificationMessage[]
}
export type NotificationKind =
  | 'newsletter'
  | 'promo'
  | 'github'
  | 'calendar'
  | 'shipping'
  | 'bank'
  | 'travel'
  | 'social'
  | 'forums'

export type Brand = { name: string; domain: string; from: string; accent: string; address: string }
export type Link = { title: string; blurb: string; href: string }
