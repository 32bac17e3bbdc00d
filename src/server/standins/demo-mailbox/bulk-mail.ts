/**
 * Bulk mail in English (newsletters, promotions, notifications) and in the other languages,
 * written from the data tables.
 */
import { bank, shipping, travel } from './bulk-mail-services.js'
import {
  newsletterBody,
  promoBody,
  receiptBody,
  sender,
  slug,
  tokenOf,
} from './data/bulk-layouts.js'
import { LANG_BULK } from './data/bulk-mail-i18n.js'
import {
  brand,
  DEPENDABOT,
  DEV_HANDLES,
  FORUM_LISTS,
  gitforge,
  ISSUES,
  MEETINGS,
  NEWSLETTERS,
  PROMOS,
  PULLS,
  REPOS,
  REVIEW_COMMENTS,
} from './data/bulk-mail.js'
import { CONTACTS, PROJECTS } from './data/people.js'
import { addDays, pad, shortDate } from './time.js'
import type {
  Brand,
  CalendarEvent,
  Ctx,
  Lang,
  NotificationKind,
  NotificationMessage,
  NotificationThread,
} from './types.js'

function newsletter(ctx: Ctx): NotificationThread {
  const n = NEWSLETTERS[ctx.serial('newsletter') % NEWSLETTERS.length]!
  const issue = ctx.serial(n.brand.name)
  const items = [0, 1, 2]
    .map((k) => n.items[(issue + k) % n.items.length]!)
    .map(([title, blurb]) => ({ title, blurb, href: `https://${n.brand.domain}/r/${slug(title)}` }))
  const body = newsletterBody(n.brand, 'en', tokenOf(ctx), items[0]!.title, n.intro, items)
  const subject = n.subject
    .replace('{title}', items[0]!.title)
    .replace('{issue}', String(212 + issue))
  return { subject, category: n.category, messages: [{ from: sender(n.brand), ...body }] }
}

function promo(ctx: Ctx): NotificationThread {
  const p = PROMOS[ctx.serial('promo') % PROMOS.length]!
  const subject = p.subjects[ctx.serial(p.brand.name) % p.subjects.length]!
  const code = `${slug(p.brand.name).slice(0, 4).toUpperCase()}${ctx.int(10, 40)}`
  const body = promoBody(p.brand, tokenOf(ctx), {
    headline: subject.replace(/\s*\p{Extended_Pictographic}\uFE0F?$/u, ''),
    sub: p.sub,
    code,
    products: p.products,
    cta: p.cta,
  })
  return {
    subject,
    category: 'CATEGORY_PROMOTIONS',
    messages: [{ from: sender(p.brand), ...body }],
  }
}

function github(ctx: Ctx): NotificationThread {
  const repo = ctx.pick(REPOS)
  const num = ctx.int(300, 1400)
  const url = `https://gitforge.example/${repo}/${ctx.chance(0.6) ? 'pull' : 'issues'}/${num}`
  const footer = `\n\n--\nReply to this email directly or view it on GitForge:\n${url}\nYou are receiving this because you were mentioned.`
  const isPull = url.includes('/pull/')
  const title = isPull ? ctx.pick(PULLS) : ctx.pick(ISSUES)
  const bot = title.startsWith('Bump ')
  const [authorName, handle] = bot ? DEPENDABOT : ctx.pick(DEV_HANDLES)
  const first = isPull
    ? `@${handle} requested your review on: ${repo}#${num} ${title}.\n\nThis change ${title.charAt(0).toLowerCase()}${title.slice(1)}. Tests are green locally; CI is running.`
    : `${title}\n\nSteps to reproduce:\n1. Open the inbox\n2. Trigger the action described above\n3. Observe the result\n\nExpected the action to apply once. Seen on the latest build.`
  const messages: NotificationMessage[] = [
    {
      from: gitforge(authorName),
      text: first + footer,
      cc: isPull ? 'Review requested <review_requested@noreply.gitforge.example>' : undefined,
    },
  ]
  for (let i = ctx.int(0, 2); i > 0; i--) {
    messages.push({
      from: gitforge(ctx.pick(DEV_HANDLES)[0]),
      text: ctx.pick(REVIEW_COMMENTS) + footer,
    })
  }
  return {
    subject: `[${repo}] ${title} (${isPull ? 'PR' : 'Issue'} #${num})`,
    category: 'CATEGORY_UPDATES',
    importance: 0.05,
    messages,
  }
}

function calendar(ctx: Ctx): NotificationThread {
  const q = String(Math.floor(ctx.at.getUTCMonth() / 3) + 1)
  const internal = ctx.chance(0.7)
  const organizer = internal ? ctx.colleague() : ctx.client()
  const summary = ctx
    .pick(internal ? MEETINGS.internal : MEETINGS.external)
    .replace('{q}', q)
    .replace('{project}', ctx.pick(PROJECTS))
    .replace('{company}', organizer.company ?? '')
    .replace(
      '{ownerCompany}',
      ctx.owner.email
        .split('@')[1]!
        .split('.')[0]!
        .replace(/^./, (c) => c.toUpperCase()),
    )
  let day = addDays(ctx.at, ctx.int(1, 6))
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = addDays(day, 1)
  const start = new Date(
    Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate(),
      ctx.pick([9, 10, 14, 15, 16]),
    ),
  )
  const end = new Date(start.getTime() + ctx.pick([30, 45, 60]) * 60_000)
  const other = ctx.colleague()
  const attendees = other.email === organizer.email ? [ctx.owner] : [ctx.owner, other]
  const link = `https://meet.example/${tokenOf(ctx).slice(0, 3)}-${tokenOf(ctx).slice(0, 4)}-${tokenOf(ctx).slice(0, 3)}`
  const hours = (d: Date) =>
    `${d.getUTCHours() % 12 || 12}${d.getUTCMinutes() ? `:${pad(d.getUTCMinutes())}` : ''}${d.getUTCHours() < 12 ? 'am' : 'pm'}`
  const when = `${shortDate(start)}, ${start.getUTCFullYear()} ${hours(start)} - ${hours(end)} (UTC)`
  const text = [
    'You have been invited to the following event.',
    '',
    summary,
    `When: ${when}`,
    `Joining info: ${link}`,
    `Calendar: ${ctx.owner.email}`,
    'Who:',
    `  * ${organizer.name} - organizer`,
    ...attendees.map((a) => `  * ${a.name}`),
    '',
    `Going (${ctx.owner.email})?   Yes - Maybe - No`,
    'Invitation from Calendar',
  ].join('\n')
  const event: CalendarEvent = {
    uid: `${tokenOf(ctx)}@calendar.example`,
    sent: ctx.at,
    summary,
    start,
    end,
    location: link,
    description: `Agenda to follow. Join: ${link}`,
    organizer,
    attendees,
  }
  return {
    subject: `Invitation: ${summary} @ ${when} (${ctx.owner.email})`,
    category: 'CATEGORY_PERSONAL',
    importance: 0.45,
    messages: [
      { from: organizer, text, attachment: { kind: 'ics', filename: 'invite.ics', event } },
    ],
  }
}

function social(ctx: Ctx): NotificationThread {
  const who = ctx.pick([...CONTACTS.client, ...CONTACTS.friend])
  const linkup = brand(
    'Linkup',
    'linkup.example',
    'notifications',
    '#0a66c2',
    '1 Network Plaza, Sunnyvale, CA',
  )
  const stride = brand(
    'Stride',
    'stride.example',
    'no-reply',
    '#fc4c02',
    '55 Pace St, San Francisco, CA',
  )
  const options: [Brand, string, string][] = [
    [
      linkup,
      `${who.name} wants to connect`,
      `${who.name}${who.title ? `, ${who.title} at ${who.company}` : ''}, would like to join your professional network.`,
    ],
    [
      linkup,
      `You appeared in ${ctx.int(8, 40)} searches this week`,
      'See who is looking at your profile and what brought them there.',
    ],
    [
      linkup,
      `${who.name} commented on your post`,
      `"Great write-up, we saw the same thing on our team." Join the conversation.`,
    ],
    [
      stride,
      `${who.name} gave you kudos on your Morning Run`,
      `Your ${ctx.int(5, 14)}.${ctx.int(0, 9)} km run got some love. Keep it up!`,
    ],
  ]
  const [b, subject, intro] = ctx.pick(options)
  const body = receiptBody(b, 'en', tokenOf(ctx), {
    headline: subject,
    intro,
    rows: [],
    cta: ['View on ' + b.name, `https://${b.domain}/n/${tokenOf(ctx)}`],
    marketing: true,
  })
  return { subject, category: 'CATEGORY_SOCIAL', messages: [{ from: sender(b), ...body }] }
}

function forums(ctx: Ctx): NotificationThread {
  const f = ctx.pick(FORUM_LISTS)
  const tag = f.list.split('@')[0]!
  const topic = f.topics[ctx.serial(f.list) % f.topics.length]!
  const count = ctx.int(1, 3)
  const footer = `\n\n--\nYou received this message because you are subscribed to the ${tag} list.\nTo unsubscribe, email ${tag}+unsubscribe@${f.list.split('@')[1]}`
  const messages: NotificationMessage[] = [
    {
      from: f.members[0]!,
      to: `${tag} <${f.list}>`,
      text: `Hi all,\n\n${topic}? We are seeing this in production and would love to hear how others handle it.${footer}`,
    },
  ]
  for (let i = 1; i < count; i++) {
    messages.push({
      from: f.members[i % f.members.length]!,
      to: `${tag} <${f.list}>`,
      text: ctx.pick(f.lines) + footer,
    })
  }
  return { subject: `[${tag}] ${topic}`, category: 'CATEGORY_FORUMS', messages }
}

export const NOTIFICATIONS: Record<NotificationKind, (ctx: Ctx) => NotificationThread> = {
  newsletter,
  promo,
  github,
  calendar,
  shipping,
  bank,
  travel,
  social,
  forums,
}

// Bulk mail in Spanish, French and German

export function langNotification(lang: Exclude<Lang, 'en'>, ctx: Ctx): NotificationThread {
  const l = LANG_BULK[lang]
  if (ctx.chance(0.5)) {
    const items = l.items.map(([title, blurb]) => ({
      title,
      blurb,
      href: `https://${l.news.domain}/a/${slug(title)}`,
    }))
    const body = newsletterBody(l.news, lang, tokenOf(ctx), l.newsSubject, l.intro, items)
    return {
      subject: l.newsSubject,
      category: 'CATEGORY_UPDATES',
      lang,
      messages: [{ from: sender(l.news), ...body }],
    }
  }
  const [headline, intro, [orderLabel, shipLabel, totalLabel]] = l.shipped
  const order = String(ctx.int(100000, 999999))
  const total = `${ctx.int(18, 90)},${pad(ctx.int(0, 99))} €`
  const body = receiptBody(l.shop, lang, tokenOf(ctx), {
    headline,
    intro,
    rows: [
      [orderLabel, order],
      [shipLabel, '0,00 €'],
      [totalLabel, total],
    ],
  })
  return {
    subject: `${headline} (#${order})`,
    category: 'CATEGORY_UPDATES',
    labels: ['Label_receipts'],
    lang,
    messages: [{ from: sender(l.shop), ...body }],
  }
}
