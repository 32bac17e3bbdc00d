/** Service mail: shipping updates, bank statements and travel bookings. */
import { receiptBody, sender, slug, tokenOf } from './data/bulk-layouts.js'
import { brand, MERCHANTS, PROMOS } from './data/bulk-mail.js'
import { addDays, monthName, pad, shortDate } from './time.js'
import type { AttachmentSpec, Ctx, NotificationThread } from './types.js'

export function shipping(ctx: Ctx): NotificationThread {
  const store = ctx.pick(PROMOS.filter((p) => p.brand.name !== 'Skyway Airlines'))
  const order = `${ctx.int(100, 999)}-${ctx.int(1000000, 9999999)}`
  const item = ctx.pick(store.products)
  const parcelly = brand(
    'Parcelly',
    'parcelly.example',
    'tracking',
    '#f59e0b',
    '300 Depot St, Memphis, TN',
  )
  const variant = ctx.int(0, 2)
  if (variant === 0) {
    const body = receiptBody(store.brand, 'en', tokenOf(ctx), {
      headline: 'Thanks for your order!',
      intro: `We're getting order #${order} ready. You'll get another email when it ships.`,
      rows: [
        [item[0], item[1]],
        ['Shipping', 'Free'],
        ['Total', item[1]],
      ],
      cta: ['View order', `https://${store.brand.domain}/orders/${order}`],
    })
    return {
      subject: `Your ${store.brand.name} order #${order} is confirmed`,
      category: 'CATEGORY_UPDATES',
      labels: ['Label_receipts'],
      messages: [
        { from: { name: store.brand.name, email: `orders@${store.brand.domain}` }, ...body },
      ],
    }
  }
  const eta = shortDate(addDays(ctx.at, ctx.int(1, 4)))
  const tracking = `PY${ctx.int(100000000, 999999999)}`
  const delivered = variant === 2
  const body = receiptBody(parcelly, 'en', tokenOf(ctx), {
    headline: delivered ? 'Your package was delivered' : 'Your package is on its way',
    intro: delivered
      ? `Your package from ${store.brand.name} was left at the front door.`
      : `Your package from ${store.brand.name} has shipped and is expected ${eta}.`,
    rows: [
      ['Tracking number', tracking],
      ['Order', `#${order}`],
      ['Status', delivered ? 'Delivered' : 'In transit'],
    ],
    cta: ['Track package', `https://parcelly.example/t/${tracking}`],
  })
  const subject = delivered
    ? `Delivered: your ${store.brand.name} package`
    : `Shipped: ${item[0]} and more, arriving ${eta}`
  return {
    subject,
    category: 'CATEGORY_UPDATES',
    labels: ['Label_receipts'],
    messages: [{ from: sender(parcelly), ...body }],
  }
}

export function bank(ctx: Ctx): NotificationThread {
  const harbor = brand(
    'Harbor Bank',
    'harborbank.example',
    'alerts',
    '#1e3a8a',
    'PO Box 1200, Wilmington, DE',
  )
  const last4 = String(ctx.int(1000, 9999))
  const token = tokenOf(ctx)
  const kind = ctx.int(0, 3)
  if (kind === 0) {
    const month = monthName(addDays(ctx.at, -ctx.at.getUTCDate()))
    const body = receiptBody(harbor, 'en', token, {
      headline: `Your ${month} statement is ready`,
      intro: `The statement for your checking account ending in ${last4} is attached and available in online banking.`,
      rows: [
        ['Opening balance', '$8,214.33'],
        ['Deposits', '$6,450.00'],
        ['Withdrawals', '$5,102.87'],
        ['Closing balance', '$9,561.46'],
      ],
      cta: ['Sign in to online banking', 'https://harborbank.example/login'],
    })
    const y = ctx.at.getUTCFullYear()
    const attachment: AttachmentSpec = {
      kind: 'pdf',
      filename: `statement-${y}-${slug(month)}.pdf`,
      title: `Harbor Bank - ${month} ${y} statement`,
      lines: [
        `Account ending ${last4}`,
        'Opening balance: $8,214.33',
        'Closing balance: $9,561.46',
      ],
    }
    return {
      subject: `Your ${month} statement is ready`,
      category: 'CATEGORY_UPDATES',
      importance: 0.5,
      messages: [{ from: sender(harbor), ...body, attachment }],
    }
  }
  if (kind === 1) {
    const body = receiptBody(harbor, 'en', token, {
      headline: 'New sign-in to your account',
      intro:
        "We noticed a new sign-in from Chrome on macOS. If this was you, there's nothing to do. If not, please secure your account right away.",
      rows: [
        ['When', shortDate(ctx.at)],
        ['Device', 'Chrome on macOS'],
        ['Approximate location', 'Denver, CO'],
      ],
      cta: ["This wasn't me", 'https://harborbank.example/security'],
    })
    return {
      subject: 'Security alert: new sign-in to your account',
      category: 'CATEGORY_UPDATES',
      importance: 0.7,
      messages: [{ from: sender(harbor), ...body }],
    }
  }
  const amount = `$${ctx.int(4, 480)}.${pad(ctx.int(0, 99))}`
  const merchant = ctx.pick(MERCHANTS)
  const body = receiptBody(harbor, 'en', token, {
    headline: kind === 2 ? 'Transaction alert' : 'Payment received',
    intro:
      kind === 2
        ? `A card transaction of ${amount} at ${merchant} was made with your card ending in ${last4}.`
        : `We received your credit card payment of ${amount}. Thank you!`,
    rows:
      kind === 2
        ? [
            ['Merchant', merchant],
            ['Amount', amount],
            ['Card', `•••• ${last4}`],
          ]
        : [
            ['Amount', amount],
            ['Card', `•••• ${last4}`],
          ],
  })
  return {
    subject:
      kind === 2 ? `Transaction alert: ${amount} at ${merchant}` : `Payment received: thank you`,
    category: 'CATEGORY_UPDATES',
    importance: 0.1,
    messages: [{ from: sender(harbor), ...body }],
  }
}

export function travel(ctx: Ctx): NotificationThread {
  const city = ctx.pick(['Lisbon', 'Barcelona', 'Montreal', 'Berlin', 'Mexico City'])
  const depart = addDays(ctx.at, ctx.int(7, 40))
  const skyway = brand(
    'Skyway Airlines',
    'skyway.example',
    'bookings',
    '#0369a1',
    '1 Airport Blvd, Denver, CO',
  )
  const pnr = tokenOf(ctx).slice(0, 6).toUpperCase()
  if (ctx.chance(0.4)) {
    const hotel = brand(
      'Staylight Hotels',
      'staylight.example',
      'reservations',
      '#0f766e',
      '400 Harbor Dr, San Diego, CA',
    )
    const body = receiptBody(hotel, 'en', tokenOf(ctx), {
      headline: `You're all set for ${city}`,
      intro: `Your reservation at Staylight ${city} Centre is confirmed. We look forward to welcoming you.`,
      rows: [
        ['Check-in', `${shortDate(depart)}, from 3pm`],
        ['Check-out', `${shortDate(addDays(depart, 4))}, by 11am`],
        ['Room', 'Queen room, city view'],
        ['Confirmation', pnr],
      ],
      cta: ['Manage reservation', `https://staylight.example/r/${pnr}`],
    })
    return {
      subject: `Reservation confirmed: Staylight ${city} Centre`,
      category: 'CATEGORY_UPDATES',
      labels: ['Label_travel'],
      messages: [{ from: sender(hotel), ...body }],
    }
  }
  const flight = `SK${ctx.int(100, 999)}`
  const rows: [string, string][] = [
    ['Confirmation code', pnr],
    ['Flight', flight],
    ['Departs', `${shortDate(depart)} 6:40pm`],
    ['Passenger', ctx.owner.name],
  ]
  const body = receiptBody(skyway, 'en', tokenOf(ctx), {
    headline: `Your trip to ${city} is booked`,
    intro:
      'Thanks for flying with Skyway. Your itinerary is attached; you can check in online 24 hours before departure.',
    rows,
    cta: ['Manage booking', `https://skyway.example/trips/${pnr}`],
  })
  const attachment: AttachmentSpec = {
    kind: 'pdf',
    filename: `itinerary-${pnr}.pdf`,
    title: `Skyway itinerary ${pnr}`,
    lines: rows.map(([k, v]) => `${k}: ${v}`),
  }
  return {
    subject: `Booking confirmed: your flight to ${city} (${pnr})`,
    category: 'CATEGORY_UPDATES',
    labels: ['Label_travel'],
    importance: 0.3,
    messages: [{ from: sender(skyway), ...body, attachment }],
  }
}
