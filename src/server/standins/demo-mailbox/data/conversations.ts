/**
 * Conversations between people, in English. Turns alternate, starting with the correspondent
 * unless ownerStarts; a thread uses the first 2..n turns (friends may leave a single message
 * unanswered). Placeholders in `{braces}` are filled by the generator: {them} correspondent's
 * first name, {me} owner's first name, {cc} the copied colleague, {company}, {companySlug},
 * {project}, {q} quarter, {day} a weekday, {num}/{num2} reference numbers.
 */
import type { Conversation } from '../types.js'

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
