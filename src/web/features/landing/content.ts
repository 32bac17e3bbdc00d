import {
  Brain,
  Globe,
  MessageSquareReply,
  PenLine,
  RefreshCw,
  UserRound,
  type LucideIcon,
} from 'lucide-react'

export const HOW_IT_WORKS = [
  {
    title: 'Connect your Gmail',
    text: 'Sign in with Google. Inkwell syncs your inbox both ways, so it always matches Gmail.',
  },
  {
    title: 'Tell Inkwell about your contacts',
    text: 'Set the tone, formality, language, greeting and sign-off each person likes to read.',
  },
  {
    title: 'Write with AI',
    text: 'Describe what you want to say. Inkwell drafts it in the right voice; you edit and send.',
  },
] as const

export const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: UserRound,
    title: 'Contact profiles',
    text: 'Keep each contact’s preferred tone, formality, language and notes in one place, separate from Google Contacts.',
  },
  {
    icon: PenLine,
    title: 'AI writing',
    text: 'Drafts that follow the contact’s preferences and your own writing profile, streamed as they are written.',
  },
  {
    icon: RefreshCw,
    title: 'Gmail two-way sync',
    text: 'Archive, star, read and delete in Inkwell or in Gmail: both stay in step.',
  },
  {
    icon: Brain,
    title: 'Conversation memory',
    text: 'Inkwell remembers what you discussed with each contact and writes with that context.',
  },
  {
    icon: Globe,
    title: 'Multi-language support',
    text: 'Write to each contact in English, Spanish, French or German, whatever you type in.',
  },
  {
    icon: MessageSquareReply,
    title: 'Smart Reply',
    text: 'One button on any message in your inbox drafts a reply in the sender’s preferred style.',
  },
]

/** Sample testimonials: the spec's three fixed samples. */
export const TESTIMONIALS = [
  {
    quote:
      'I write to clients in three languages. Inkwell remembers who gets “Dear” and who gets “Hi” — I stopped rereading every e-mail twice.',
    name: 'Marta Kowalski',
    role: 'Freelance translator',
  },
  {
    quote:
      'Smart Reply drafts the boring answers in my voice. I edit a sentence and send; my inbox is empty before lunch.',
    name: 'David Chen',
    role: 'Operations lead',
  },
  {
    quote:
      'The contact notes and conversation memory mean follow-ups actually mention what we talked about last time.',
    name: 'Aisha Bello',
    role: 'Account manager',
  },
] as const

export const FAQ = [
  {
    question: 'What happens when I reach the free limit?',
    answer:
      'You can keep using Inkwell as your e-mail client and write by hand; AI drafts resume when your allowance resets at the start of next month. Or upgrade to Pro for unlimited AI e-mails.',
  },
  {
    question: 'Can I cancel Pro at any time?',
    answer:
      'Yes. When you cancel, you keep Pro until the end of the period you paid for, then move to the Free plan. There are no refunds for partial months.',
  },
  {
    question: 'Does Inkwell read or store my e-mail?',
    answer:
      'Inkwell keeps a copy of your recent mail so your inbox opens instantly, and uses it only to show it to you and to write your drafts. It never sells it or uses it for advertising. Deleting your account deletes it.',
  },
  {
    question: 'Will Inkwell send e-mails without me?',
    answer: 'No. Inkwell only drafts. Nothing is sent until you press Send.',
  },
  {
    question: 'Which languages can Inkwell write in?',
    answer: 'English, Spanish, French and German, chosen per contact.',
  },
] as const
