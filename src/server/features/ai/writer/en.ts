/** The English phrasebook: how each act is said, and how things, days and sums are named. */
import type { Ctx, Phrasebook } from './acts.js'
import { list, phrase, when, whenBare } from './en-grammar.js'
import { ev, it, O, phrases, subjectOf } from './en-phrases.js'
import { capitalise } from './text.js'

export const english: Phrasebook = {
  language: 'english',
  name: 'English',
  phrases,
  opening: (c: Ctx) =>
    c.warm
      ? c.formal
        ? [
            'I hope you are doing well.',
            'I hope you are having a good week.',
            'I hope all is well with you.',
          ]
        : ["I hope you're doing well.", 'Hope your week is going well.', 'I hope all is well.']
      : ['I hope this message finds you well.', 'I hope you are well.'],
  closing: (c: Ctx, ending) =>
    ({
      // Waiting for the answer only where the draft asks something.
      asks: c.formal
        ? [
            'Please do not hesitate to contact me if you have any questions.',
            'I look forward to hearing from you.',
            'Thank you for your time.',
          ]
        : [
            'Let me know if you need anything else.',
            'Talk soon!',
            'Looking forward to hearing from you.',
          ],
      declines: c.formal
        ? [
            'Thank you for your understanding.',
            'I hope there will be another opportunity soon.',
            'Please do not hesitate to contact me if you have any questions.',
          ]
        : ['Thanks for understanding!', 'Hopefully next time!', 'Talk soon!'],
      settles: c.formal
        ? [
            'Please do not hesitate to contact me if you have any questions.',
            'I hope you have a good week.',
            'Wishing you a pleasant week ahead.',
          ]
        : ['Let me know if you need anything else.', 'Talk soon!', 'Have a great week!'],
    })[ending],
  replyOpener: (c: Ctx) =>
    c.formal
      ? [
          'Thank you for your message.',
          'Thank you for your e-mail.',
          'Many thanks for getting in touch.',
        ]
      : ['Thanks for your message.', 'Thanks for getting in touch.', 'Thanks for your e-mail.'],
  yes: (c: Ctx) => (c.formal ? ['Of course.', 'Certainly.'] : ['Sure!', 'Of course.']),
  subject(act, a) {
    const w = a.when ? ` ${when(a.when)}` : ''
    const things = a.objects.length ? subjectOf(a) : ''
    switch (act) {
      case 'thank':
        return `Thank you${a.objects.length ? ` for ${O(a)}` : ''}`
      case 'askFor':
        return things ? (w ? `${things}${w}` : `Request: ${things}`) : 'A request'
      case 'send':
      case 'pay':
        return things ? `${things}${w}` : 'Coming soon'
      case 'meet':
        return `${capitalise(ev(a))}${a.objects.length ? ` about ${O(a)}` : ''}${a.when ? `: ${whenBare(a.when)}` : ''}`
      case 'followUp':
        return things ? `Follow-up: ${things}` : 'Following up'
      case 'decline':
      case 'accept':
        return a.objects.length
          ? `Your ${list(a.objects.map((o) => phrase(o, true)))}`
          : 'My answer'
      case 'confirm':
        return `Confirmation${things ? `: ${things}` : ''}${w}`
      case 'apologise':
        return 'My apologies'
      case 'congratulate':
        return 'Congratulations!'
      case 'update':
        return things ? `Update: ${things}` : 'A quick update'
      case 'moreTime':
        return 'The deadline'
      case 'remind':
        return `Reminder: ${things}`
      case 'reschedule':
        return `New time for ${O(a)}`
      case 'apologiseDelay':
        return `Sorry for the delay`
      default:
        return things || 'Hello'
    }
  },
  option(kind, a) {
    const fit = (long: string, short: string) => (long.length <= 40 ? long : short)
    switch (kind) {
      case 'yesSend':
        return fit(`Yes, I'll send ${O(a, 'it')}`, `Yes, I'll send ${it(a)}`)
      case 'moreTime':
        return 'Ask for more time'
      case 'decline':
        return 'Decline politely'
      case 'meetYes':
        return a.when
          ? fit(`Yes, ${whenBare(a.when)} works`, 'Yes, that time works')
          : 'Yes, happy to meet'
      case 'proposeTime':
        return 'Propose another time'
      case 'accept':
        return 'Accept the invitation'
      case 'askAgenda':
        return 'Ask for the agenda'
      case 'receipt':
        return 'Confirm receipt'
      case 'thankDoc':
        return 'Say thank you'
      case 'welcome':
        return "Say you're welcome"
      case 'suggestMeeting':
        return 'Suggest a meeting'
      case 'askDetails':
        return 'Ask for more details'
      case 'pay':
        return a.when ? fit(`Say I'll pay ${when(a.when)}`, "Say I'll pay it") : "Say I'll pay it"
      case 'yes':
        return 'Say yes'
      case 'confirm':
        return 'Confirm'
    }
  },
  join: {
    and: 'and',
    lowerable:
      /^(I|It|This|That|The|My|Our|Your|Please|Let|Thank|Thanks|Many|Just|Looking|Hope|Talk|You|We|Here|Unfortunately)\b/,
    keepCapital: /^I\b/,
  },
  letter: { greetingMark: () => ',', signoffMark: ',' },
}
