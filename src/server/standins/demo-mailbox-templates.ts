/**
 * Content tables for the demo mailbox (demo-mailbox.ts): people, locales, conversation scripts
 * and the generators of bulk mail (newsletters, promotions, notifications). Placeholders in
 * `{braces}` are filled by the generator: {them} correspondent's first name, {me} owner's first
 * name, {cc} the copied colleague, {company}, {companySlug}, {project}, {q} quarter, {day} a
 * weekday, {num}/{num2} reference numbers.
 */

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

export const USER_LABELS: { id: UserLabel; name: string; bg: string; fg: string }[] = [
  { id: 'Label_clients', name: 'Clients', bg: '#16a766', fg: '#ffffff' },
  { id: 'Label_travel', name: 'Travel', bg: '#4a86e8', fg: '#ffffff' },
  { id: 'Label_receipts', name: 'Receipts', bg: '#ffad47', fg: '#ffffff' },
]

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

// ---------------------------------------------------------------------------------------------
// People

const person = (name: string, email: string, company?: string, title?: string): Contact => ({
  name,
  email,
  company,
  title,
})

/** Colleagues live at the owner's domain: [first, last, title]. */
export const COLLEAGUES: [string, string, string][] = [
  ['Priya', 'Shah', 'Head of Engineering'],
  ['Daniel', 'Okafor', 'Finance Manager'],
  ['Mei', 'Lin', 'Design Lead'],
  ['Jordan', 'Patel', 'Product Manager'],
  ['Hannah', 'Kim', 'Customer Success'],
  ['Luis', 'Romero', 'Sales Director'],
  ['Grace', 'Whitfield', 'Operations'],
  ['Owen', 'Clarke', 'Marketing Lead'],
]
export const FAMILY_FIRST_NAMES = ['Dana', 'Chris', 'Ellie']

export const CONTACTS: Record<'client' | 'vendor' | 'friend', Contact[]> = {
  client: [
    person('Sarah Whitman', 'sarah.whitman@northwind.io', 'Northwind', 'VP Operations'),
    person('Ben Alvarez', 'ben.alvarez@acme-corp.com', 'Acme Corp', 'IT Director'),
    person('Aisha Rahman', 'aisha.rahman@bluepeakhealth.com', 'Bluepeak Health', 'COO'),
    person('Kenji Watanabe', 'kenji@tidewater-logistics.com', 'Tidewater Logistics', 'CTO'),
    person('Emma Lindqvist', 'emma.l@solsticemedia.co', 'Solstice Media', 'Head of Growth'),
    person('Michael Turner', 'mturner@granite-co.com', 'Granite & Co', 'Procurement Lead'),
  ],
  vendor: [
    person('Rosa Delgado', 'rosa@brightline.studio', 'Brightline Studio', 'Account Manager'),
    person('Peter Novak', 'peter.novak@cloudcrate.io', 'CloudCrate', 'Billing'),
    person('Laura Chen', 'laura.chen@keystonelegal.com', 'Keystone Legal', 'Associate'),
  ],
  friend: [
    person('Jamie Chen', 'jamie.chen@kitemail.com'),
    person('Olivia Brooks', 'liv.brooks@orbitmail.net'),
    person('Marcus Hall', 'marcushall@kitemail.com'),
    person('Nina Patel', 'nina.p@orbitmail.net'),
    person('Theo Grant', 'theo.grant@kitemail.com'),
  ],
}

export const LANG_CONTACTS: Record<Exclude<Lang, 'en'>, { work: Contact[]; friends: Contact[] }> = {
  es: {
    work: [
      person('Lucía Fernández', 'lucia.fernandez@estudiolumen.es', 'Estudio Lumen'),
      person('Javier Ortega', 'jortega@grupo-altamar.es', 'Grupo Altamar'),
      person('Diego Navarro', 'diego@navarro-arquitectos.es', 'Navarro Arquitectos'),
    ],
    friends: [
      person('Carmen Ruiz', 'carmen.ruiz@kitemail.com'),
      person('Sofía Márquez', 'sofia.marquez@orbitmail.net'),
    ],
  },
  fr: {
    work: [
      person('Camille Dubois', 'camille.dubois@atelier-garance.fr', 'Atelier Garance'),
      person('Julien Moreau', 'j.moreau@solvia-conseil.fr', 'Solvia Conseil'),
      person('Thomas Girard', 'thomas.girard@maison-roseau.fr', 'Maison Roseau'),
    ],
    friends: [
      person('Élodie Lefèvre', 'elodie.lefevre@kitemail.com'),
      person('Amélie Rousseau', 'amelie.rousseau@orbitmail.net'),
    ],
  },
  de: {
    work: [
      person('Lena Schäfer', 'lena.schaefer@nordlicht-software.de', 'Nordlicht Software'),
      person('Jonas Becker', 'j.becker@brueckner-partner.de', 'Brückner & Partner'),
      person('Maximilian Groß', 'max.gross@heller-logistik.de', 'Heller Logistik'),
    ],
    friends: [
      person('Katrin Weiß', 'katrin.weiss@kitemail.com'),
      person('Anna Köhler', 'anna.koehler@orbitmail.net'),
    ],
  },
}

export const PROJECTS = ['Atlas', 'Beacon', 'Horizon', 'Mercury', 'Orchid', 'Juniper', 'Northstar']

// ---------------------------------------------------------------------------------------------
// Locales: greetings, sign-offs and the "On ... wrote:" line of quoted replies

export type Locale = {
  weekdays: string[]
  greet: { work: string[]; personal: string[] }
  signoff: { work: string[]; personal: string[] }
  quoteHeader: (d: Date, who: string) => string
}

const pad = (n: number) => String(n).padStart(2, '0')
const hm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const EN_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

export const LOCALES: Record<Lang, Locale> = {
  en: {
    weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    greet: {
      work: ['Hi {them},', 'Hello {them},', 'Hey {them},'],
      personal: ['Hey {them}!', 'Hi {them},'],
    },
    signoff: {
      work: ['Thanks,', 'Best,', 'Cheers,', 'Thanks!', 'Best regards,'],
      personal: ['xx', 'See you soon,', 'Talk soon,', 'Love,'],
    },
    quoteHeader: (d, who) => {
      const h = d.getUTCHours() % 12 || 12
      const ampm = d.getUTCHours() < 12 ? 'AM' : 'PM'
      const when = `${EN_DAYS[d.getUTCDay()]}, ${EN_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
      return `On ${when} at ${h}:${pad(d.getUTCMinutes())} ${ampm} ${who} wrote:`
    },
  },
  es: {
    weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'],
    greet: {
      work: ['Hola, {them}:', 'Buenos días, {them}:'],
      personal: ['¡Hola, {them}!', '¡Hola!'],
    },
    signoff: {
      work: ['Un saludo,', 'Saludos cordiales,', 'Muchas gracias,'],
      personal: ['Un abrazo,', 'Besos,'],
    },
    quoteHeader: (d, who) => {
      const days = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']
      const months = 'ene feb mar abr may jun jul ago sept oct nov dic'.split(' ')
      const date = `${days[d.getUTCDay()]}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `El ${date} a las ${hm(d)}, ${who.replace(/<(.*)>/, '(<$1>)')} escribió:`
    },
  },
  fr: {
    weekdays: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
    greet: {
      work: ['Bonjour {them},', 'Bonjour,'],
      personal: ['Coucou {them} !', 'Salut {them},'],
    },
    signoff: {
      work: ['Bien à vous,', 'Cordialement,', 'Belle journée,'],
      personal: ['Bises,', 'À très vite,'],
    },
    quoteHeader: (d, who) => {
      const days = ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.']
      const months = 'janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.'.split(' ')
      const date = `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `Le ${date} à ${hm(d)}, ${who} a écrit :`
    },
  },
  de: {
    weekdays: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'],
    greet: {
      work: ['Hallo {them},', 'Guten Tag {them},'],
      personal: ['Hallo {them},', 'Hi {them},'],
    },
    signoff: {
      work: ['Viele Grüße', 'Beste Grüße', 'Danke und viele Grüße'],
      personal: ['Liebe Grüße', 'Bis bald'],
    },
    quoteHeader: (d, who) => {
      const days = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.']
      const months = 'Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.'.split(' ')
      const date = `${days[d.getUTCDay()]}, ${d.getUTCDate()}. ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`
      return `Am ${date} um ${hm(d)} Uhr schrieb ${who}:`
    },
  },
}

// ---------------------------------------------------------------------------------------------
// Conversations between people. Turns alternate, starting with the correspondent unless
// ownerStarts; a thread uses the first 2..n turns (friends may leave a single message unanswered).

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

export const CONVERSATIONS: Conversation[] = [
  {
    subject: 'Contract for signature: {company} MSA',
    pool: 'client',
    important: true,
    attachment: {
      kind: 'pdf',
      filename: '{companySlug}-MSA-v3.pdf',
      title: 'Master Services Agreement - {company} (v3)',
      lines: [
        'Payment terms: net 45',
        'Liability cap: section 9.2 (revised)',
        'SLA credits: Schedule B',
        'Signature: ______________________',
      ],
    },
    turns: [
      "Attached is the updated Master Services Agreement with the changes from Tuesday's call: net-45 payment terms, the revised liability cap in 9.2, and the SLA credits moved into Schedule B.\n\nLegal has signed off on our side. Could you send it back with your signature by Friday so we can kick off on the 1st?",
      "Thanks, this looks good. One small thing: section 4.3 still references the old data-retention period (90 days). We agreed on 30. If you can fix that, I'll get the signature from our CEO today.",
      'Good catch. Fixed in v4, nothing else changed. I just sent it through DocuSign.',
      'Signed and returned. Excited to get started!',
      "Received, thank you. I'll send over the onboarding schedule tomorrow morning.",
    ],
  },
  {
    subject: 'URGENT: invoices not syncing to our ledger',
    pool: 'client',
    important: true,
    cc: true,
    turns: [
      'Our finance team noticed that none of the invoices created since yesterday afternoon have synced to the ledger. Month-end close is tomorrow, so this is blocking us. Can someone look at this ASAP?',
      "Sorry about this. I've escalated to our on-call engineer and looped in {cc}. We're seeing a webhook backlog on our side. First update within the hour.",
      'Thanks. For reference, the first missing invoice is INV-{num}.',
      "Update: the backlog is cleared and every invoice from yesterday 14:10 onward has replayed. Could you confirm the ledger looks right on your end? We'll send a short incident summary tomorrow.",
      'Confirmed, everything is there. Appreciate the quick turnaround.',
      "Glad to hear it. Incident summary is in your inbox; we've added alerting so this gets caught within minutes next time.",
    ],
  },
  {
    subject: 'Need your approval: {project} budget increase',
    pool: 'colleague',
    important: true,
    turns: [
      "We're about 12% over on the {project} contractor line because the design review added two extra sprints. I'd like to move $18,500 from the Q{q} events budget to cover it. Can you approve before Thursday's finance sync?",
      'Makes sense. Before I approve: is the events budget definitely not needed for the partner summit?',
      "The summit is hosted by the partner this year, so we only cover travel. I've left $6k for that.",
      'Approved. Please note it in the budget tracker so finance sees the change.',
    ],
  },
  {
    subject: 'Deadline today: board deck final slides',
    pool: 'colleague',
    important: true,
    turns: [
      'Reminder that the board deck goes out at 5pm today. I still need your two slides on partnerships: pipeline and the renewal forecast. Can you drop them in the shared folder by 3?',
      "On it. The pipeline slide is done; I'm waiting on final renewal numbers from {cc}. I'll have both in by 2:30.",
      'Perfect, thank you.',
      'Both are in the folder. I added a footnote on the two renewals still in legal review.',
    ],
  },
  {
    subject: 'Can you review the {project} launch plan?',
    pool: 'colleague',
    turns: [
      "I put together a first draft of the {project} launch plan: timeline, owners and the comms checklist. Could you review the partner section in particular? Comments directly in the doc are great.\n\nNo rush, but it'd help to have your notes before Monday's meeting.",
      "Read it through, it's in good shape. Main comment: the partner announcement is scheduled before the pricing page goes live, which will generate questions we can't answer yet. I'd swap those two.",
      'Good point, swapped. Anything else?',
      'Just small wording edits, left as comments. Ship it.',
    ],
  },
  {
    subject: 'Meeting notes: {project} kickoff',
    pool: 'colleague',
    ownerStarts: true,
    cc: true,
    turns: [
      'Thanks for the time today. Quick recap:\n\n- Scope: phase one covers the import flow and the admin dashboard\n- Owners: you on engineering, {cc} on design, me on partner comms\n- Next check-in: {day} at 10:00\n\nShout if I missed anything.',
      'Thanks {me}. One addition: we agreed to freeze the API contract by the end of next week.',
      'Added to the notes, thanks.',
    ],
  },
  {
    subject: ['Renewal quote for next year', 'Quote for 40 seats'],
    pool: 'client',
    turns: [
      "We're putting together next year's budget. Could you send a renewal quote for 40 seats? We'd also like to understand what changes if we move to annual billing.",
      "Happy to. Annual billing brings the per-seat price from $24 to $20, so 40 seats would be $9,600/year. I'll send the formal quote from our billing system today.",
      'That helps, thanks. Does the annual plan include the SSO add-on?',
      'It does: SSO and audit logs are both included on annual. The quote is on its way.',
    ],
  },
  {
    subject: 'Following up: proposal for {company}',
    pool: 'client',
    ownerStarts: true,
    turns: [
      "Following up on the proposal I sent last week. Happy to walk your team through it on a call if that's easier. I have time {day} afternoon.",
      'Sorry for the slow reply, we were heads-down on a release. {day} at 3pm works. Can you send an invite?',
      'Invite sent. Talk then!',
    ],
  },
  {
    subject: ['Q{q} pipeline export', 'Updated pipeline numbers'],
    pool: 'colleague',
    attachment: {
      kind: 'csv',
      filename: 'pipeline-q{q}.csv',
      rows: [
        ['account', 'stage', 'amount_usd', 'owner', 'expected_close'],
        ['Northwind', 'Negotiation', '48000', 'Luis Romero', 'This quarter'],
        ['Acme Corp', 'Proposal', '32500', '{me}', 'Next quarter'],
        ['Bluepeak Health', 'Discovery', '21000', 'Hannah Kim', 'Next quarter'],
        ['Solstice Media', 'Verbal yes', '15750', '{me}', 'This month'],
      ],
    },
    turns: [
      "Here's the pipeline export you asked for, filtered to deals above $10k. I left out the two that closed-lost last week.",
      "Thanks! Is the 'stage' column from the CRM or from your manual update?",
      'From the CRM, pulled this morning.',
    ],
  },
  {
    subject: ['Offsite venue options', 'Team offsite: venue shortlist'],
    pool: 'colleague',
    cc: true,
    turns: [
      'I shortlisted three venues for the team offsite next month:\n\n1. Harbor Loft: great space, a bit far from the station\n2. The Foundry: cheapest, but no outdoor area\n3. Millbrook Farm: beautiful, needs a coach from the city\n\nAny preference? I need to put a deposit down by the end of the month.',
      'Millbrook gets my vote, the coach is worth it. Can we check whether they can do a vegetarian menu?',
      "They can. I'll ask for a hold on the 14th and 15th.",
      'Great, thank you for organising this.',
    ],
  },
  {
    subject: 'Hiring: senior designer shortlist',
    pool: 'colleague',
    turns: [
      "We're down to three candidates for the senior designer role. Portfolios are linked in the tracker. Could you join the final panel on {day} between 1 and 4? Mostly to assess how they'd work with partners.",
      'Yes, I can do 1 to 2:30. Is there a scorecard?',
      'Sending the scorecard now. Thanks!',
    ],
  },
  {
    subject: 'Invoice {num} from {company}',
    pool: 'vendor',
    labels: ['Label_receipts'],
    attachment: {
      kind: 'pdf',
      filename: 'Invoice-{num}.pdf',
      title: '{company} - Invoice {num}',
      lines: [
        'Bill to: {ownerCompany}',
        'Services: monthly retainer',
        'Amount due: $4,250.00',
        'Due: 30 days from issue',
      ],
    },
    turns: [
      'Please find attached invoice {num} for last month. Payment is due within 30 days. Let me know if you need a PO number added.',
      "Thanks! Could you add PO-{num2}? Our AP team can't process it without one.",
      "Of course. I've reissued it with the PO number; you'll get it from our billing system shortly.",
    ],
  },
  {
    subject: ['Lunch next week?', 'Lunch?'],
    pool: 'colleague',
    turns: [
      "It's been ages. Lunch next week? I'm free {day} or Friday.",
      'Friday works! The ramen place near the office?',
      'Perfect. 12:30?',
      'See you there.',
    ],
  },
  {
    subject: 'Signature needed: mutual NDA with {company}',
    pool: 'client',
    important: true,
    ownerStarts: true,
    turns: [
      "Before we share the technical architecture, our legal team needs a mutual NDA in place. I've sent it via DocuSign; it's our standard template. Could you sign when you get a chance?",
      'Signed just now. Looking forward to the architecture doc.',
      "Thank you! I'll send it over this afternoon.",
    ],
  },
  {
    subject: ['Moving our 1:1', 'Can we push our 1:1?'],
    pool: 'colleague',
    turns: [
      'Something came up on Thursday. Could we move our 1:1 to Friday morning? Any time before 11 works.',
      "Friday at 9:30 works. I'll update the invite.",
      'Thanks!',
    ],
  },
  {
    subject: 'Feedback from the {company} pilot',
    pool: 'client',
    turns: [
      "Sharing some feedback from the pilot group after the first two weeks:\n\n- The weekly summary email is the favourite feature by far\n- Two people struggled with the initial mailbox import\n- Several asked whether there's a mobile app\n\nOverall really positive. Could we set up a meeting to talk about rollout to the wider team?",
      "This is great to hear, thank you for collecting it. The import issue is fixed in this week's release. For the meeting, how about {day} at 11?",
      "Works for me. I'll bring our IT lead.",
    ],
  },
  {
    subject: 'Security questionnaire due {day}',
    pool: 'client',
    turns: [
      'Our procurement team needs the security questionnaire (linked below) completed before we can sign. Sorry for the tight timeline: they need it back by {day}. Most of it is standard (SOC 2, data residency, sub-processors).\n\nhttps://forms.granite-co.com/security/{num}',
      "No problem. We have most of this ready from a previous review. You'll have it back by {day} morning.",
      "Thank you, that's a huge help.",
    ],
  },
  {
    subject: ['Dinner Saturday?', 'Dinner at ours this weekend?'],
    pool: 'friend',
    turns: [
      "Are you around on Saturday? We're having a few people over for dinner around 7. Nothing fancy: tacos and too much guacamole.",
      "We'd love to! What can I bring?",
      'Maybe dessert? Or just yourselves, honestly.',
      'Dessert it is. See you at 7!',
    ],
  },
  {
    subject: ['Photos from the lake', 'Pics from the weekend!'],
    pool: 'friend',
    turns: [
      'Finally uploaded the photos from the lake. There are some great ones of the dog jumping off the dock.\n\nhttps://photos.kitemail.com/album/{num}',
      'These are amazing! The sunset one needs to be framed.',
      "Ha, I'll print you a copy.",
    ],
  },
  {
    subject: "Mom's birthday",
    pool: 'family',
    turns: [
      "Mom's birthday is on the 18th. I was thinking we could split a gift. She's been talking about that pottery class for months. Thoughts?",
      "Love that idea, I'm in. Should we book it for two so Dad can go too?",
      "Yes! I'll book it tonight and send you the details.",
      "Perfect, I'll send you my half.",
    ],
  },
  {
    subject: 'Long run on Sunday',
    pool: 'friend',
    turns: [
      "Are you joining the long run on Sunday? We're doing the river loop, 14k, meeting at 8 by the bridge.",
      "I'm in, but I might do the 10k. Still recovering from last week.",
      'Totally fine, a few of us are doing 10k too.',
    ],
  },
  {
    subject: 'Book recommendation',
    pool: 'friend',
    turns: [
      "You asked for a book rec last week. I just finished The Overstory and couldn't put it down. Fair warning: you'll look at trees differently.",
      "Ordered it! I've got a long flight next month, perfect timing.",
    ],
  },
  {
    subject: 'Apartment in Lisbon for our trip?',
    pool: 'friend',
    labels: ['Label_travel'],
    turns: [
      "Found a place in Alfama for the trip: two bedrooms, a balcony, 10 minutes from the tram. It's €140 a night. Should I book it?",
      'Looks perfect. Book it before someone else does!',
      "Done! I'll forward the confirmation. Now we just need flights.",
      "I'll keep an eye on fares this week.",
    ],
  },
  {
    subject: 'Borrowing the car on Saturday',
    pool: 'family',
    turns: [
      "We're finally moving on the 28th! Any chance we could borrow your car Saturday morning to pick up boxes?",
      'Of course. Keys are in the usual place, just fill it up after :)',
      "You're a lifesaver. Dinner's on me.",
    ],
  },
  {
    subject: 'Reference call for a prospect?',
    pool: 'client',
    ownerStarts: true,
    turns: [
      "Would you be open to a 20-minute reference call with a prospect next week? They're rolling out to a similar-sized team and would love to hear how your rollout went.",
      'Happy to help. Send over a couple of times that work for them.',
      'Thank you! Would Tuesday at 10:00 or Wednesday at 15:00 work?',
      "Wednesday works. I'll keep an eye out for the invite.",
    ],
  },
  {
    subject: 'Expense report: missing receipts',
    pool: 'colleague',
    turns: [
      "Your expense report for the conference is missing two receipts (the hotel and the airport taxi). Could you upload them by Friday so it goes into this month's reimbursement run?",
      'Sorry about that, I just uploaded both.',
      'Got them, approved. Thanks!',
    ],
  },
  {
    subject: 'Out of office next week',
    pool: 'colleague',
    cc: true,
    turns: [
      "Heads-up: I'm out next week and back on Monday the 24th. {cc} will cover anything urgent on my accounts, and I'll check email once a day.",
      'Thanks for the heads-up. Enjoy the break, you have earned it!',
    ],
  },
  {
    subject: 'Case study draft: please review',
    pool: 'colleague',
    turns: [
      "The draft case study is in the shared folder. Could you review the customer quotes and check they match what the customer approved? We'd like to publish next Tuesday.",
      "Reviewed. Two quotes need small tweaks; I've suggested edits in the doc. Otherwise it looks great.",
      "Perfect. I'll send the final version to the customer for approval.",
    ],
  },
  {
    subject: 'Usage report for your quarterly review',
    pool: 'client',
    ownerStarts: true,
    attachment: {
      kind: 'csv',
      filename: 'usage-report-q{q}.csv',
      rows: [
        ['team', 'active_users', 'emails_triaged', 'drafts_accepted'],
        ['Sales', '18', '4210', '612'],
        ['Support', '14', '9875', '1430'],
        ['Operations', '8', '1904', '288'],
      ],
    },
    turns: [
      'As promised, attached is the usage report for the quarter: active users per team, triaged emails and accepted drafts.',
      'Thanks, this is exactly what we needed for the QBR. Support usage is impressive!',
      "Glad it helps. Happy to join the QBR for ten minutes if you'd like someone to answer questions.",
    ],
  },
  {
    subject: 'Slides for my Ops Summit talk',
    pool: 'colleague',
    turns: [
      "I've finished the slides for my talk at Ops Summit. Could you review the customer examples section? I want to be sure we're OK to mention those names publicly.",
      'Took a look: Northwind and Acme are fine, but Bluepeak asked us not to name them. Maybe say "a regional healthcare provider" instead?',
      'Good call, changed. Thanks for the quick review!',
    ],
  },
  {
    subject: 'Wedding RSVP reminder 💍',
    pool: 'friend',
    turns: [
      "Just a gentle reminder that RSVPs for the wedding are due on Friday! Let us know if you're bringing a plus-one and about any dietary requirements.",
      "We wouldn't miss it! Two of us, one vegetarian.",
      "Yay! Noted. Can't wait to celebrate with you.",
    ],
  },
  {
    subject: 'Pickup on Thursday?',
    pool: 'family',
    turns: [
      "Can you pick the kids up from practice on Thursday? I've got a late meeting.",
      'Sure, 5:30 at the usual place?',
      'Yes, thank you!!',
    ],
  },
  {
    subject: 'Concert tickets!',
    pool: 'friend',
    turns: [
      'I managed to get two tickets for the concert next month! Want to come? They were $65 each.',
      'Yes!! Count me in. Send me your payment details.',
      "Just sent you a payment request. It's going to be great.",
    ],
  },
]

export const LANG_CONVERSATIONS: Record<Exclude<Lang, 'en'>, Conversation[]> = {
  es: [
    {
      subject: 'Propuesta de colaboración para el lanzamiento en México',
      pool: 'client',
      turns: [
        'Te escribo para retomar la conversación que tuvimos en la feria de Madrid. Nos encantaría colaborar en el lanzamiento de vuestra aplicación en México: tenemos experiencia con campañas B2B y un equipo local en Ciudad de México.\n\n¿Te parece bien una videollamada la semana que viene para comentar los detalles?',
        'Muchas gracias por escribir. Nos interesa mucho la propuesta. ¿Te viene bien el {day} a las 16:00 (hora de Madrid)?',
        'Perfecto, el {day} a las 16:00. Te envío la invitación con el enlace. ¡Un placer!',
      ],
    },
    {
      subject: 'Revisión del contrato: última versión',
      pool: 'client',
      important: true,
      labels: ['Label_clients'],
      turns: [
        'Nuestro departamento jurídico ha revisado el contrato y solo tiene dos comentarios: la cláusula de confidencialidad debería durar tres años en lugar de cinco, y necesitamos que la facturación sea trimestral. ¿Podéis aceptar estos cambios?',
        'Gracias por la revisión tan rápida. Ambos cambios nos parecen razonables. Te envío la versión definitiva para firmar esta tarde.',
        'Estupendo. En cuanto la recibamos, la firmamos. ¡Gracias!',
      ],
    },
    {
      subject: '¿Cena el viernes?',
      pool: 'friend',
      turns: [
        '¿Qué tal todo? Este viernes celebramos el cumpleaños de Marta en casa. Empezamos sobre las nueve; trae a quien quieras. ¡Te esperamos!',
        '¡Qué bien! Allí estaré. ¿Llevo algo de postre o una botella de vino?',
        'Con el vino es perfecto. ¡Hasta el viernes!',
      ],
    },
    {
      subject: 'Escapada a Sevilla',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'Ya he mirado los trenes para Sevilla: el AVE de las 8:30 llega a las 11:05 y cuesta 48 €. El hotel que te comenté tiene habitaciones libres para el puente. ¿Reservo?',
        '¡Sí, reserva! Yo me encargo de las entradas para el Alcázar.',
        'Hecho. Te reenvío las confirmaciones. ¡Qué ganas!',
      ],
    },
    {
      subject: 'Reunión de seguimiento: informe trimestral',
      pool: 'colleague',
      turns: [
        'Te recuerdo que el informe trimestral tiene que estar listo antes del jueves. ¿Podemos tener una reunión breve mañana para revisar las cifras de ventas?',
        'Claro. Mañana a las 10:00 me viene bien. Llevo el borrador con los datos del último mes.',
        'Genial, nos vemos a las diez.',
      ],
    },
  ],
  fr: [
    {
      subject: 'Devis pour la refonte du site',
      pool: 'vendor',
      turns: [
        'Suite à notre échange de mardi, je vous fais parvenir notre devis pour la refonte du site : 12 400 € HT, avec une livraison prévue sous huit semaines. Le détail des étapes se trouve dans le document partagé.\n\nN’hésitez pas à revenir vers moi si vous avez des questions.',
        'Merci pour ce devis très clair. Pourriez-vous préciser si la maintenance des trois premiers mois est incluse ?',
        'Oui, elle est incluse, ainsi qu’une formation d’une demi-journée pour votre équipe.',
        'Parfait, nous validons. Je vous envoie le bon de commande signé dès demain.',
      ],
    },
    {
      subject: 'Réunion de lancement : ordre du jour',
      pool: 'client',
      turns: [
        'Voici l’ordre du jour de la réunion de lancement de {day} :\n\n1. Présentation des équipes\n2. Objectifs et calendrier\n3. Outils et points de contact\n\nMerci de me signaler si vous souhaitez ajouter un sujet.',
        'Merci, c’est très complet. Pourrions-nous ajouter un point sur le budget ?',
        'Bien sûr, c’est ajouté. À {day} !',
      ],
    },
    {
      subject: 'Week-end à Annecy ?',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'Ça te dirait, un week-end à Annecy le mois prochain ? J’ai trouvé un petit chalet près du lac à 95 € la nuit. On pourrait faire le tour du lac à vélo.',
        'Oh oui, avec plaisir ! Je suis libre le week-end du 24. Tu réserves ?',
        'C’est réservé ! Je t’envoie la confirmation. Pense à prendre ton maillot : l’eau est fraîche, mais ça vaut le coup.',
      ],
    },
    {
      subject: 'Anniversaire de Léa (surprise !)',
      pool: 'friend',
      turns: [
        'Chut, c’est une surprise ! On organise une petite fête pour les 30 ans de Léa samedi prochain, chez Hugo, à partir de 20 h. Tu peux venir ? Surtout, pas un mot à Léa.',
        'Génial, je serai là ! Je peux apporter un gâteau si tu veux.',
        'Ce serait parfait, merci ! Elle adore le chocolat.',
      ],
    },
    {
      subject: 'Facture n° {num} : relance',
      pool: 'vendor',
      important: true,
      labels: ['Label_receipts'],
      attachment: {
        kind: 'pdf',
        filename: 'Facture-{num}.pdf',
        title: '{company} - Facture {num}',
        lines: [
          'Prestation : accompagnement mensuel',
          'Montant : 3 200,00 EUR HT',
          'Echeance : depassee',
        ],
      },
      turns: [
        'Sauf erreur de notre part, la facture n° {num} du mois dernier (ci-jointe) reste impayée. Pourriez-vous vérifier auprès de votre service comptable ? Je vous remercie par avance.',
        'Toutes mes excuses pour ce retard. Le virement a été programmé ce matin ; vous devriez le recevoir sous 48 heures.',
        'Merci beaucoup pour votre retour rapide.',
      ],
    },
  ],
  de: [
    {
      subject: 'Angebot für die Inhouse-Schulung',
      pool: 'vendor',
      turns: [
        'vielen Dank für das nette Gespräch am Dienstag. Hier wie besprochen die Eckdaten unseres Angebots: zwei Schulungstage für bis zu 15 Teilnehmende, vor Ort in München, Gesamtpreis 4.800 € zzgl. MwSt.\n\nWenn das für Sie passt, reserviere ich gern einen Termin im nächsten Monat.',
        'danke für das Angebot, das klingt gut. Könnten wir die Schulung auf den 17. und 18. legen?',
        'sehr gern, ich habe beide Tage für Sie reserviert. Die Bestätigung folgt morgen per E-Mail.',
      ],
    },
    {
      subject: 'Dringend: Freigabe der Rechnung bis heute',
      pool: 'client',
      important: true,
      turns: [
        'könnten Sie bitte die Rechnung Nr. {num} heute noch freigeben? Der Zahlungslauf startet morgen früh, sonst verschiebt sich die Zahlung um zwei Wochen.',
        'ist erledigt, die Rechnung ist freigegeben. Danke für den Hinweis!',
        'super, vielen Dank!',
      ],
    },
    {
      subject: 'Grillabend am Samstag',
      pool: 'friend',
      turns: [
        'hast du am Samstag Zeit? Wir grillen bei uns im Garten, ab 18 Uhr. Bring gern jemanden mit!',
        'klingt super, ich bin dabei! Soll ich einen Salat mitbringen?',
        'ja, sehr gern. Bis Samstag!',
      ],
    },
    {
      subject: 'Zugtickets nach Hamburg',
      pool: 'friend',
      labels: ['Label_travel'],
      turns: [
        'ich habe die Zugtickets nach Hamburg gebucht: Hinfahrt Freitag um 16:12 Uhr, Rückfahrt Sonntag um 17:45 Uhr. Die Sitzplätze sind reserviert, Wagen 7.',
        'perfekt, danke! Ich kümmere mich ums Hotel. Hast du schon eine Idee fürs Abendessen am Samstag?',
        'ich dachte an das Fischrestaurant am Hafen, das Jonas uns empfohlen hat. Ich reserviere für 19:30 Uhr.',
      ],
    },
    {
      subject: 'Protokoll der Besprechung vom Montag',
      pool: 'colleague',
      turns: [
        'hier das Protokoll unserer Besprechung vom Montag:\n\n- Der Go-live wird um zwei Wochen verschoben.\n- Frau Köhler übernimmt die Abstimmung mit dem Kunden.\n- Nächste Besprechung: {day}, 10 Uhr.\n\nBitte gebt mir bis Freitag Bescheid, falls etwas fehlt.',
        'danke für das Protokoll! Von meiner Seite ist alles vollständig.',
      ],
    },
  ],
}

// ---------------------------------------------------------------------------------------------
// Bulk mail: HTML layouts (tables, inline styles, a remote header image, an unsubscribe footer)

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

type Brand = { name: string; domain: string; from: string; accent: string; address: string }
type Link = { title: string; blurb: string; href: string }

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!)
const slugs = new Map<string, string>()
/** "Café Crème" -> "cafe-creme"; memoized, the inputs come from the fixed tables above. */
const slug = (s: string) => {
  let out = slugs.get(s)
  if (out === undefined) {
    out = s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    slugs.set(s, out)
  }
  return out
}
const sender = (b: Brand): Contact => ({ name: b.name, email: `${b.from}@${b.domain}` })
const FONT = "font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif"

type Footer = { why: string; unsubscribe: string; prefs: string; service: string; help: string }
const FOOTER: Record<Lang, Footer> = {
  en: {
    why: 'You are receiving this email because you subscribed to',
    unsubscribe: 'Unsubscribe',
    prefs: 'Manage preferences',
    service: 'This is a service message about your account with',
    help: 'Help center',
  },
  es: {
    why: 'Recibes este correo porque te suscribiste a',
    unsubscribe: 'Darse de baja',
    prefs: 'Gestionar preferencias',
    service: 'Este es un mensaje de servicio sobre tu cuenta en',
    help: 'Centro de ayuda',
  },
  fr: {
    why: 'Vous recevez cet e-mail car vous êtes abonné·e à',
    unsubscribe: 'Se désabonner',
    prefs: 'Gérer mes préférences',
    service: 'Ceci est un message de service concernant votre compte',
    help: 'Centre d’aide',
  },
  de: {
    why: 'Sie erhalten diese E-Mail, weil Sie folgenden Dienst abonniert haben:',
    unsubscribe: 'Abmelden',
    prefs: 'Einstellungen verwalten',
    service: 'Dies ist eine Servicenachricht zu Ihrem Konto bei',
    help: 'Hilfe',
  },
}
const link = (href: string, label: string) =>
  `<a href="${href}" style="color:#6b7280;text-decoration:underline;">${label}</a>`

/** Wraps body rows in a 600px table layout with a header image, a tracking pixel and a footer. */
/** Marketing mail gets an unsubscribe footer, service mail (receipts, alerts) a help link. */
function shell(
  b: Brand,
  lang: Lang,
  token: string,
  preheader: string,
  rows: string,
  marketing = true,
): string {
  const f = FOOTER[lang]
  const footer = marketing
    ? `${f.why} ${escapeHtml(b.name)}.<br>
${link(`https://${b.domain}/unsubscribe?u=${token}`, f.unsubscribe)} &middot; ${link(`https://${b.domain}/preferences?u=${token}`, f.prefs)}`
    : `${f.service} ${escapeHtml(b.name)}.<br>
${link(`https://${b.domain}/help`, f.help)}`
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(b.name)}</title></head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;${FONT};color:#1f2937;">
<tr><td style="padding:0;"><a href="https://${b.domain}/?utm_source=email"><img src="https://img.${b.domain}/email/header-${slug(b.name)}.png" width="600" alt="${escapeHtml(b.name)}" style="display:block;width:100%;max-width:600px;height:auto;border:0;border-radius:8px 8px 0 0;"></a></td></tr>
${rows}
<tr><td style="padding:24px 32px;background-color:#f9fafb;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280;border-radius:0 0 8px 8px;">
${footer}<br>
${escapeHtml(b.name)}, ${escapeHtml(b.address)}
</td></tr>
</table>
<img src="https://t.${b.domain}/open/${token}.gif" width="1" height="1" alt="" style="display:block;border:0;">
</td></tr>
</table>
</body></html>`
}

const button = (b: Brand, label: string, href: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background-color:${b.accent};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table>`

const textFooter = (b: Brand, lang: Lang, token: string, marketing = true) => {
  const f = FOOTER[lang]
  const lines = marketing
    ? [`${f.why} ${b.name}.`, `${f.unsubscribe}: https://${b.domain}/unsubscribe?u=${token}`]
    : [`${f.service} ${b.name}.`, `${f.help}: https://${b.domain}/help`]
  return ['--', ...lines, `${b.name}, ${b.address}`].join('\n')
}

function newsletterBody(
  b: Brand,
  lang: Lang,
  token: string,
  headline: string,
  intro: string,
  items: Link[],
) {
  const rows = [
    `<tr><td style="padding:28px 32px 8px;"><h1 style="margin:0 0 12px;font-size:24px;line-height:30px;color:#111827;">${escapeHtml(headline)}</h1><p style="margin:0;font-size:15px;line-height:23px;">${escapeHtml(intro)}</p></td></tr>`,
    ...items.map(
      (it) =>
        `<tr><td style="padding:16px 32px;border-top:1px solid #f3f4f6;"><a href="${it.href}" style="font-size:17px;font-weight:600;color:${b.accent};text-decoration:none;">${escapeHtml(it.title)}</a><p style="margin:6px 0 0;font-size:14px;line-height:21px;color:#4b5563;">${escapeHtml(it.blurb)}</p></td></tr>`,
    ),
    `<tr><td style="padding:16px 32px 28px;">${button(b, lang === 'en' ? 'Read the full issue' : lang === 'es' ? 'Leer el boletín completo' : lang === 'fr' ? 'Lire la lettre complète' : 'Zur vollständigen Ausgabe', `https://${b.domain}/issues/latest`)}</td></tr>`,
  ].join('\n')
  const text = [
    headline,
    '',
    intro,
    '',
    ...items.map((it) => `* ${it.title}\n  ${it.blurb}\n  ${it.href}\n`),
    textFooter(b, lang, token),
  ].join('\n')
  return { html: shell(b, lang, token, intro, rows), text }
}

function promoBody(
  b: Brand,
  token: string,
  o: { headline: string; sub: string; code: string; products: [string, string][]; cta: string },
) {
  const cells = o.products.map(
    ([name, price]) =>
      `<td width="50%" valign="top" style="padding:8px;"><a href="https://${b.domain}/p/${slug(name)}" style="text-decoration:none;color:#111827;"><img src="https://img.${b.domain}/products/${slug(name)}.jpg" width="252" alt="${escapeHtml(name)}" style="display:block;width:100%;height:auto;border:0;border-radius:6px;"><p style="margin:8px 0 2px;font-size:14px;font-weight:600;">${escapeHtml(name)}</p><p style="margin:0;font-size:14px;color:${b.accent};">${escapeHtml(price)}</p></a></td>`,
  )
  const grid = [0, 2].map((i) => `<tr>${cells.slice(i, i + 2).join('')}</tr>`).join('')
  const rows = [
    `<tr><td align="center" style="padding:32px 32px 8px;"><h1 style="margin:0;font-size:28px;line-height:34px;color:#111827;">${escapeHtml(o.headline)}</h1><p style="margin:10px 0 0;font-size:16px;line-height:24px;color:#4b5563;">${escapeHtml(o.sub)}</p></td></tr>`,
    `<tr><td align="center" style="padding:16px 32px;"><div style="display:inline-block;padding:10px 18px;border:2px dashed ${b.accent};border-radius:6px;font-size:18px;font-weight:700;letter-spacing:2px;color:${b.accent};">${escapeHtml(o.code)}</div></td></tr>`,
    `<tr><td style="padding:8px 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${grid}</table></td></tr>`,
    `<tr><td align="center" style="padding:16px 32px 32px;">${button(b, o.cta, `https://${b.domain}/sale?code=${o.code}`)}</td></tr>`,
  ].join('\n')
  const text = [
    o.headline,
    o.sub,
    '',
    `Use code ${o.code} at checkout.`,
    '',
    ...o.products.map(([n, p]) => `- ${n}: ${p}`),
    '',
    `${o.cta}: https://${b.domain}/sale?code=${o.code}`,
    '',
    textFooter(b, 'en', token),
  ].join('\n')
  return { html: shell(b, 'en', token, o.sub, rows), text }
}

/** A transactional message: headline, intro, a two-column table of details and a button. */
function receiptBody(
  b: Brand,
  lang: Lang,
  token: string,
  o: {
    headline: string
    intro: string
    rows: [string, string][]
    cta?: [string, string]
    marketing?: boolean
  },
) {
  const table = o.rows
    .map(
      ([k, v], i) =>
        `<tr><td style="padding:8px 0;font-size:14px;color:#6b7280;${i ? 'border-top:1px solid #f3f4f6;' : ''}">${escapeHtml(k)}</td><td align="right" style="padding:8px 0;font-size:14px;font-weight:600;${i ? 'border-top:1px solid #f3f4f6;' : ''}">${escapeHtml(v)}</td></tr>`,
    )
    .join('')
  const rows = [
    `<tr><td style="padding:28px 32px 8px;"><h1 style="margin:0 0 10px;font-size:22px;color:#111827;">${escapeHtml(o.headline)}</h1><p style="margin:0;font-size:15px;line-height:23px;">${escapeHtml(o.intro)}</p></td></tr>`,
    `<tr><td style="padding:12px 32px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${table}</table></td></tr>`,
    o.cta
      ? `<tr><td style="padding:12px 32px 28px;">${button(b, o.cta[0], o.cta[1])}</td></tr>`
      : '',
  ].join('\n')
  const text = [
    o.headline,
    '',
    o.intro,
    '',
    ...o.rows.map(([k, v]) => `${k}: ${v}`),
    ...(o.cta ? ['', `${o.cta[0]}: ${o.cta[1]}`] : []),
    '',
    textFooter(b, lang, token, o.marketing ?? false),
  ].join('\n')
  return { html: shell(b, lang, token, o.intro, rows, o.marketing ?? false), text }
}

// ---------------------------------------------------------------------------------------------
// Bulk mail: senders and content

const brand = (
  name: string,
  domain: string,
  from: string,
  accent: string,
  address: string,
): Brand => ({
  name,
  domain,
  from,
  accent,
  address,
})

const NEWSLETTERS: {
  brand: Brand
  category: Category
  subject: string
  intro: string
  items: [string, string][]
}[] = [
  {
    brand: brand('The Browser', 'thebrowser.example', 'news', '#b91c1c', '12 Fleet Lane, London'),
    category: 'CATEGORY_PROMOTIONS',
    subject: 'The Browser: {title}',
    intro: 'Five pieces worth your time today, chosen by our editors from across the web.',
    items: [
      [
        'The quiet economics of public libraries',
        'Why a library card may be the best-value subscription you own.',
      ],
      [
        'How a steel box rewired the world',
        'Containerisation, told through the ports that won and the ones that lost.',
      ],
      [
        'The strange afterlife of abandoned satellites',
        'Thousands of dead machines are still circling us. Who is responsible for them?',
      ],
      [
        'Inside the race to map the ocean floor',
        'We know the surface of Mars better than our own seabed. That is changing.',
      ],
      [
        'Why we keep misjudging how long things take',
        'The planning fallacy, and the few tricks that actually counter it.',
      ],
      [
        'A field guide to urban birdsong',
        'What the blackbird outside your window is really saying.',
      ],
    ],
  },
  {
    brand: brand(
      'Morning Stack',
      'morningstack.example',
      'hello',
      '#2563eb',
      '500 Market St, San Francisco, CA',
    ),
    category: 'CATEGORY_UPDATES',
    subject: '☕ Morning Stack: {title}',
    intro: 'Your five-minute briefing on what happened in software engineering yesterday.',
    items: [
      [
        'Node.js ships a faster built-in test runner',
        'Benchmarks show cold starts down by a third for large suites.',
      ],
      [
        'Postgres beta adds asynchronous I/O',
        'Early numbers on sequential scans are impressive; here is what to watch.',
      ],
      [
        'The case for boring technology, revisited',
        'Ten years on, the original argument holds up better than expected.',
      ],
      [
        'Why your container images are 2 GB',
        'Multi-stage builds, distroless bases and the layer cache, explained.',
      ],
      [
        'A gentle guide to OAuth scopes',
        'Ask for less, explain more, and your consent screen conversion goes up.',
      ],
      [
        'SQLite in production: three years in',
        'One team shares what worked, what broke and what they would redo.',
      ],
    ],
  },
  {
    brand: brand(
      'Product Notes',
      'productnotes.example',
      'digest',
      '#7c3aed',
      '88 Wharf Road, Boston, MA',
    ),
    category: 'CATEGORY_UPDATES',
    subject: 'Product Notes #{issue}: {title}',
    intro: 'This week: writing that ships, pricing that converts, and roadmaps without drama.',
    items: [
      [
        'Writing PRDs people actually read',
        'Start with the problem, end with the decision, cut everything in between.',
      ],
      [
        'Pricing pages that convert',
        'What 40 SaaS pricing pages taught us about anchoring and defaults.',
      ],
      ['Changelogs that build trust', 'Why shipping notes are a growth channel, not a chore.'],
      ['Running a calm roadmap review', 'A facilitation script for the meeting everyone dreads.'],
      ['The one-metric trap', 'North-star metrics are useful until they are not.'],
    ],
  },
  {
    brand: brand(
      "The Runner's Dispatch",
      'runnersdispatch.example',
      'dispatch',
      '#ea580c',
      '19 Trail Ave, Boulder, CO',
    ),
    category: 'CATEGORY_PROMOTIONS',
    subject: "Runner's Dispatch: {title}",
    intro: 'Training tips, race news and one very good playlist.',
    items: [
      [
        'How to build a base without getting hurt',
        'The 10% rule is a start; here is what coaches use instead.',
      ],
      [
        'Five spring half marathons worth travelling for',
        'Flat, fast and with excellent post-race food.',
      ],
      ['Strength work for runners in 20 minutes', 'Three exercises, twice a week. That is it.'],
      ['What to eat the night before a long run', 'Spoiler: not the giant bowl of pasta.'],
    ],
  },
]

const PROMOS: {
  brand: Brand
  subjects: string[]
  sub: string
  products: [string, string][]
  cta: string
}[] = [
  {
    brand: brand(
      'Northbound Outfitters',
      'northbound.example',
      'deals',
      '#047857',
      '230 Summit Rd, Portland, OR',
    ),
    subjects: [
      'Spring sale: 30% off rain jackets 🌧️',
      'Last chance: free shipping ends tonight',
      'New arrivals for your next trail',
    ],
    sub: 'Lightweight, packable and ready for whatever the forecast says.',
    products: [
      ['Cascade Rain Shell', '$129'],
      ['Trailhead Daypack 22L', '$84'],
      ['Merino Crew Socks (3-pack)', '$36'],
      ['Ridge Fleece Pullover', '$72'],
    ],
    cta: 'Shop the sale',
  },
  {
    brand: brand(
      'Lumen Coffee Roasters',
      'lumencoffee.example',
      'hello',
      '#92400e',
      '41 Roast St, Seattle, WA',
    ),
    subjects: [
      'New single origin from Huila is here ☕',
      'Your next bag ships Friday: add a treat?',
      'Brew guide + 15% off grinders',
    ],
    sub: 'Notes of red apple, panela and cocoa. Roasted this week, shipped fresh.',
    products: [
      ['Huila Single Origin 340g', '$19'],
      ['House Espresso Blend 1kg', '$42'],
      ['Pour-over Kettle', '$58'],
      ['Ceramic Dripper', '$28'],
    ],
    cta: 'Order now',
  },
  {
    brand: brand(
      'Pixel & Pine',
      'pixelandpine.example',
      'shop',
      '#be185d',
      '9 Maker Way, Austin, TX',
    ),
    subjects: [
      'You left something in your cart',
      'Weekend only: 2 for 1 prints',
      'Fresh designs just dropped',
    ],
    sub: 'Limited-run prints and desk goods from independent designers.',
    products: [
      ['Mountain Poster A2', '$32'],
      ['Walnut Desk Organizer', '$48'],
      ['Linen Notebook', '$18'],
      ['Brass Pen', '$26'],
    ],
    cta: 'Complete your order',
  },
  {
    brand: brand(
      'Skyway Airlines',
      'skyway.example',
      'offers',
      '#0369a1',
      '1 Airport Blvd, Denver, CO',
    ),
    subjects: [
      'Fares from $89 to 20 cities ✈️',
      'Double miles on summer trips',
      'Your weekend getaway is waiting',
    ],
    sub: 'Book by Sunday for travel through September.',
    products: [
      ['Lisbon', 'from $389'],
      ['Mexico City', 'from $219'],
      ['Montreal', 'from $149'],
      ['Reykjavik', 'from $329'],
    ],
    cta: 'Find flights',
  },
  {
    brand: brand(
      'Fernwood Home',
      'fernwood.example',
      'news',
      '#4d7c0f',
      '77 Orchard Lane, Asheville, NC',
    ),
    subjects: [
      'The Summer Edit is here',
      'Up to 40% off linen bedding',
      'Members get early access tomorrow',
    ],
    sub: 'Breathable linen, hand-thrown ceramics and everything for slow mornings.',
    products: [
      ['Linen Duvet Set', '$189'],
      ['Stoneware Mug Set', '$54'],
      ['Woven Throw', '$98'],
      ['Oak Serving Board', '$45'],
    ],
    cta: 'Shop the edit',
  },
]

const REPOS = ['inkwell/web', 'inkwell/api', 'inkwell/sync-worker']
const DEV_HANDLES: [string, string][] = [
  ['Priya Shah', 'priyash'],
  ['Tom Becker', 'tbecker'],
  ['Ana Sousa', 'anasousa'],
]
const DEPENDABOT: [string, string] = ['dependabot[bot]', 'dependabot']
const PULLS = [
  'Add retry with backoff to Gmail history sync',
  'Fix composer losing draft when switching threads',
  'Move label colors to design tokens',
  'Cache thread summaries per history id',
  'Bump vite from 8.2.1 to 8.3.8',
]
const ISSUES = [
  'Search returns archived threads twice',
  'Keyboard shortcut "e" does not archive in split view',
  'Unsubscribe link missing for some newsletters',
  'Token refresh fails after password change',
]
const REVIEW_COMMENTS = [
  'Looks good overall. Could we make the retry cap configurable instead of hard-coding 5?',
  'Nit: this function is getting long; maybe split the parsing out?',
  'Approved. Nice test coverage on the edge cases.',
  'I pushed a fix for the flaky test, can you take another look?',
  'Merged into main. Thanks!',
]
const gitforge = (name: string): Contact => ({ name, email: 'notifications@gitforge.example' })

const MERCHANTS = [
  'Blue Door Café',
  'Greenline Grocers',
  'Metro Transit',
  'Northbound Outfitters',
  'Cinema Paradiso',
  'Corner Pharmacy',
]
const FORUM_LISTS: { list: string; topics: string[]; members: Contact[]; lines: string[] }[] = [
  {
    list: 'pg-users@lists.postgres-community.example',
    topics: [
      'Slow query after upgrading to 17',
      'Partitioning time-series tables: best practice?',
      'Autovacuum not keeping up on a hot table',
    ],
    members: [
      person('Henrik Larsen', 'henrik@larsen.dk.example'),
      person('Wei Zhang', 'wzhang@datapipe.example'),
      person('Maria Costa', 'maria.costa@uni-porto.example'),
    ],
    lines: [
      'Can you share EXPLAIN (ANALYZE, BUFFERS) output? Without it we are guessing.',
      'We hit the same thing. Running ANALYZE on the table after the upgrade fixed the plan for us.',
      'Have a look at the planner statistics target for that column; the default is often too low for skewed data.',
    ],
  },
  {
    list: 'design-systems@groups.example',
    topics: [
      'Naming tokens for dark mode',
      'How do you version a component library?',
      'Accessible focus rings that designers like',
    ],
    members: [
      person('Chloe Martin', 'chloe@studiomartin.example'),
      person('Raj Iyer', 'raj.iyer@fintrack.example'),
      person('Sven Olsen', 'sven@olsen.design.example'),
    ],
    lines: [
      'We name tokens by role, not by colour: surface, surface-raised, text-muted. Dark mode is then just another theme file.',
      'Semantic versioning, a changelog per component, and a codemod for every breaking change. The codemods matter most.',
      'A 2px outline with an offset and a contrasting inner ring works on every background we tested.',
    ],
  },
]

/** Months in the locale of the message, for statements and delivery dates. */
const MONTHS =
  'January February March April May June July August September October November December'.split(' ')
const monthName = (d: Date) => MONTHS[d.getUTCMonth()]!
/** "Tue, Jun 3" (toLocaleString is slow enough to matter for 10,000 threads). */
const shortDate = (d: Date) =>
  `${EN_DAYS[d.getUTCDay()]}, ${EN_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000)
const tokenOf = (ctx: Ctx) =>
  ctx.int(100000, 999999).toString(36) + ctx.int(100000, 999999).toString(36)

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

const MEETINGS = {
  internal: [
    'Q{q} planning review',
    'Design critique: {project}',
    'Interview panel: senior designer',
    '{project} go/no-go meeting',
    'Weekly partnerships sync',
  ],
  external: [
    '{company} quarterly business review',
    '{company} <> {ownerCompany}: renewal check-in',
  ],
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

function shipping(ctx: Ctx): NotificationThread {
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

function bank(ctx: Ctx): NotificationThread {
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

function travel(ctx: Ctx): NotificationThread {
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

const LANG_BULK: Record<
  Exclude<Lang, 'en'>,
  {
    news: Brand
    newsSubject: string
    intro: string
    items: [string, string][]
    shop: Brand
    shipped: [string, string, [string, string, string]]
  }
> = {
  es: {
    news: brand(
      'El Boletín Digital',
      'elboletin.example',
      'boletin',
      '#dc2626',
      'Calle de Alcalá 120, Madrid',
    ),
    newsSubject: 'Las cinco noticias de tecnología de la semana',
    intro: 'Lo más importante de la semana, explicado en cinco minutos.',
    items: [
      [
        'La inteligencia artificial llega a la sanidad pública',
        'Tres hospitales prueban asistentes para reducir las listas de espera.',
      ],
      [
        '¿Por qué suben los precios de los portátiles?',
        'La escasez de memoria y los aranceles, explicados sin tecnicismos.',
      ],
      [
        'Guía rápida para proteger tus contraseñas',
        'Gestores, llaves de acceso y autenticación en dos pasos.',
      ],
    ],
    shop: brand(
      'Librería Alba',
      'libreria-alba.example',
      'pedidos',
      '#b45309',
      'Calle Mayor 8, Salamanca',
    ),
    shipped: [
      'Tu pedido ya está en camino',
      'Tu pedido ha salido de nuestro almacén y llegará en 2 o 3 días laborables.',
      ['Número de pedido', 'Envío', 'Total'],
    ],
  },
  fr: {
    news: brand(
      'Le Petit Curieux',
      'lepetitcurieux.example',
      'lettre',
      '#1d4ed8',
      '14 rue des Écoles, Paris',
    ),
    newsSubject: 'La lettre du dimanche : ce qu’il ne fallait pas manquer',
    intro: 'Chaque dimanche, une sélection d’articles pour bien commencer la semaine.',
    items: [
      [
        'Pourquoi les villes plantent des micro-forêts',
        'Quelques mètres carrés suffisent à faire baisser la température d’un quartier.',
      ],
      [
        'Le retour du train de nuit en Europe',
        'Paris–Vienne, Paris–Berlin : on a testé les nouvelles lignes.',
      ],
      [
        'Bien dormir quand il fait chaud',
        'Les conseils très concrets d’une chercheuse en sommeil.',
      ],
    ],
    shop: brand(
      'La Maison du Thé',
      'maisonduthe.example',
      'commandes',
      '#065f46',
      '3 place des Vosges, Paris',
    ),
    shipped: [
      'Votre commande a été expédiée',
      'Votre colis est en route et sera livré sous 48 heures.',
      ['Numéro de commande', 'Livraison', 'Total'],
    ],
  },
  de: {
    news: brand(
      'Tagesblick',
      'tagesblick.example',
      'newsletter',
      '#b91c1c',
      'Friedrichstraße 44, Berlin',
    ),
    newsSubject: 'Der Wochenrückblick: Was diese Woche wichtig war',
    intro: 'Die wichtigsten Nachrichten der Woche, kurz und verständlich zusammengefasst.',
    items: [
      [
        'Deutsche Bahn testet neue Sitzplatzanzeige',
        'Ab Herbst sollen Reisende freie Plätze schon am Bahnsteig sehen.',
      ],
      [
        'Wärmepumpen: Was die neue Förderung bringt',
        'Wer bis Jahresende beantragt, bekommt bis zu 70 Prozent Zuschuss.',
      ],
      [
        'Fünf Ausflugsziele für ein langes Wochenende',
        'Von der Sächsischen Schweiz bis zum Bodensee.',
      ],
    ],
    shop: brand(
      'Buchhaus Lindner',
      'buchhaus-lindner.example',
      'bestellung',
      '#7c2d12',
      'Marktplatz 5, Freiburg',
    ),
    shipped: [
      'Ihre Bestellung ist unterwegs',
      'Ihr Paket wurde an DHL übergeben und kommt voraussichtlich in 1–2 Werktagen an.',
      ['Bestellnummer', 'Versand', 'Gesamt'],
    ],
  },
}

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
