/** How each act is said in English. */
import type { ActArgs, Phrases } from './acts.js'
import { list, MONTHS, phrase, when, whenBare } from './en-grammar.js'
import { capitalise } from './text.js'

export const O = (a: ActArgs, fallback = 'everything') =>
  a.objects.length ? list(a.objects.map((o) => phrase(o))) : fallback
export const it = (a: ActArgs) =>
  a.objects.length > 1 || a.objects[0]?.plural || a.objects[0]?.noun.forms.english.pl
    ? 'them'
    : 'it'
export const W = (a: ActArgs, fallback = '') => (a.when ? when(a.when) : fallback)
const sp = (text: string) => (text ? ` ${text}` : '')
const isKind = (a: ActArgs, ...kinds: string[]) =>
  a.objects.some((o) => kinds.includes(o.noun.kind) || kinds.includes(o.noun.key))
export const ev = (a: ActArgs) => (a.event === 'call' ? 'call' : 'meeting')
const topic = (a: ActArgs) => (a.objects.length ? ` about ${O(a)}` : '')

export const phrases: Phrases = {
  thank: (a, c) =>
    c.formal
      ? [
          `Thank you very much for ${O(a)}.`,
          `I wanted to thank you for ${O(a)}.`,
          `Many thanks for ${O(a)}; I really appreciate it.`,
        ]
      : [
          `Thanks so much for ${O(a)}!`,
          `Just wanted to say thank you for ${O(a)}.`,
          `Thank you for ${O(a)}; I really appreciate it.`,
        ],
  askFor: (a, c) =>
    a.when
      ? c.formal
        ? [
            `Could you send me ${O(a)}? I would need ${it(a)} ${W(a)}.`,
            `I would be grateful if you could send me ${O(a)}. Ideally, I would have ${it(a)} ${W(a)}.`,
            `Would you be able to send me ${O(a)}? ${capitalise(W(a))} would be ideal.`,
            `Could you send me ${O(a)} ${W(a)}?`,
          ]
        : [
            `Could you send me ${O(a)}? I'd need ${it(a)} ${W(a)}.`,
            `Can you send me ${O(a)}? ${capitalise(W(a))} would be great.`,
            `Would you mind sending me ${O(a)}? Ideally ${W(a)}.`,
            `Can you send me ${O(a)} ${W(a)}?`,
          ]
      : c.formal
        ? [
            `Could you send me ${O(a)} when you have a moment?`,
            `Would you be able to send me ${O(a)}?`,
            `I would be grateful if you could send me ${O(a)}.`,
          ]
        : [
            `Could you send me ${O(a)} when you get a chance?`,
            `Can you send me ${O(a)}?`,
            `Would you mind sending me ${O(a)}?`,
          ],
  send: (a, c) => {
    const w = W(a, c.formal ? 'shortly' : 'very soon')
    return c.formal
      ? [
          `I will send you ${O(a)} ${w}.`,
          `You will receive ${O(a)} from me ${w}.`,
          `${capitalise(w)}, you will have ${O(a)} from me.`,
        ]
      : [
          `I'll send you ${O(a)} ${w}.`,
          `You'll get ${O(a)} from me ${w}.`,
          `${capitalise(w)}, you'll have ${O(a)} from me.`,
        ]
  },
  meet: (a, c) => {
    const w = W(a, a.hints.dayPart ? `one ${a.hints.dayPart} next week` : 'in the coming days')
    const talk = a.objects.length ? ` to talk about ${O(a)}` : ''
    const day = a.when ? capitalise(whenBare(a.when)) : ''
    return c.formal
      ? [
          `Would you be available for a ${ev(a)}${topic(a)} ${w}?`,
          `Could we ${a.event === 'call' ? 'have a call' : 'meet'} ${w}${talk}?`,
          ...(day
            ? [`${day} would suit me for a ${ev(a)}${topic(a)}. Would that work for you?`]
            : [`I would like to suggest a ${ev(a)}${topic(a)} ${w}. Would that suit you?`]),
        ]
      : [
          `Are you free for a ${ev(a)}${topic(a)} ${w}?`,
          `Could we ${a.event === 'call' ? 'jump on a call' : 'meet'} ${w}${talk}?`,
          ...(day
            ? [`Does ${whenBare(a.when!)} work for a quick ${ev(a)}${topic(a)}?`]
            : [`How about a ${ev(a)}${topic(a)} ${w}?`]),
        ]
  },
  followUp: (a, c) => {
    const first = a.objects.length
      ? [
          `I wanted to check in about ${O(a)}.`,
          `I am writing again about ${O(a)}.`,
          `Just a quick note about ${O(a)}.`,
        ]
      : a.hints.lastMail
        ? [
            `I wanted to come back to my e-mail of ${a.hints.lastMail.day} ${MONTHS[a.hints.lastMail.month]}.`,
          ]
        : ['I wanted to come back to my last message.', 'I am writing again about my last message.']
    const second = isKind(a, 'invoice', 'payment')
      ? [
          'Could you let me know when the payment is planned?',
          'Could you tell me when I can expect the payment?',
        ]
      : a.when
        ? [`Could you give me an update ${W(a)}?`]
        : c.formal
          ? ['Could you let me know where things stand?', 'Is there any news on your side?']
          : ['How are things looking?', 'Any news on your side?']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  decline: (a, c) =>
    isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${a.objects.length ? `Thank you very much for ${O(a)}. ` : ''}Unfortunately, I will not be able to attend${sp(W(a))}.`,
            `${a.objects.length ? `Thank you for ${O(a)}; I am` : 'I am'} sorry to say that I will not be able to attend${sp(W(a))}.`,
            `Unfortunately, I have to decline${a.objects.length ? ` ${O(a)}` : ''} this time.`,
          ]
        : [
            `${a.objects.length ? `Thanks so much for ${O(a)}! ` : ''}Unfortunately, I can't make it${sp(W(a))}.`,
            `${a.objects.length ? `Thanks for ${O(a)}, but I'm` : "I'm"} afraid I won't be able to make it${sp(W(a))}.`,
            `Sadly I have to say no${a.objects.length ? ` to ${O(a)}` : ''} this time.`,
          ]
      : c.formal
        ? [
            `Thank you for ${O(a)}. After careful consideration, I have decided not to accept ${it(a)}.`,
            `I have to decline ${O(a)}, I am afraid.`,
          ]
        : [
            `Thanks for ${O(a)}, but I'll have to say no this time.`,
            `I'm afraid I have to pass on ${O(a)}.`,
          ],
  accept: (a, c) =>
    isKind(a, 'event') || !a.objects.length
      ? c.formal
        ? [
            `${a.objects.length ? `Thank you very much for ${O(a)}. ` : ''}I would be delighted to attend${sp(W(a))}.`,
            `I am happy to accept${a.objects.length ? ` ${O(a)}` : ''}, and I look forward to it.`,
          ]
        : [
            `${a.objects.length ? `Thanks for ${O(a)}! ` : ''}Count me in${sp(W(a))}.`,
            `I'd love to come${sp(W(a))}!`,
          ]
      : c.formal
        ? [`I am pleased to accept ${O(a)}.`, `I am happy to accept ${O(a)}.`]
        : [`I'm happy to accept ${O(a)}.`, `Great, I accept ${O(a)}!`],
  confirm: (a, c) =>
    a.objects.length
      ? c.formal
        ? [`I can confirm ${O(a)}${sp(W(a))}.`, `This is to confirm ${O(a)}${sp(W(a))}.`]
        : [`Just confirming ${O(a)}${sp(W(a))}.`, `All confirmed: ${O(a)}${sp(W(a))}.`]
      : a.when
        ? [
            `I can confirm that ${whenBare(a.when)} works for me.`,
            `${capitalise(whenBare(a.when))} is confirmed on my side.`,
          ]
        : ['I can confirm that this works for me.', 'All confirmed on my side.'],
  apologise: (a, c) =>
    !a.objects.length || isKind(a, 'delay')
      ? c.formal
        ? ['Please accept my apologies for the delay.', 'I am sorry for the delay.']
        : ['Sorry for the delay!', 'Apologies for the delay.']
      : c.formal
        ? [
            `Please accept my apologies regarding ${O(a)}.`,
            `I am sorry about what happened with ${O(a)}.`,
          ]
        : [`Sorry about ${O(a)}!`, `I'm sorry about what happened with ${O(a)}.`],
  congratulate: (a) =>
    a.objects.length
      ? [
          `Congratulations on ${O(a)}!`,
          `Many congratulations on ${O(a)}; it is very well deserved.`,
          `I was delighted to hear about ${O(a)}. Congratulations!`,
        ]
      : ['Congratulations!', 'Many congratulations; it is very well deserved.'],
  update: (a, c) =>
    a.objects.length
      ? [`I wanted to give you a short update on ${O(a)}.`, `Here is a quick update on ${O(a)}.`]
      : c.formal
        ? ['I wanted to give you a short update.']
        : ['Here is a quick update.'],
  moreTime: (a, c) =>
    c.formal
      ? [
          `Would it be possible to have a little more time?${a.when ? ` ${capitalise(whenBare(a.when))} would suit me better.` : ''}`,
          `Could we move the deadline${a.when ? ` to ${whenBare(a.when)}` : ' a little'}?`,
        ]
      : [
          `Could I have a bit more time?${a.when ? ` ${capitalise(whenBare(a.when))} would work better for me.` : ''}`,
          `Any chance we could push the deadline${a.when ? ` to ${whenBare(a.when)}` : ' a little'}?`,
        ],
  welcome: (_a, c) =>
    c.formal
      ? ['You are very welcome; I am glad it was helpful.', 'It was my pleasure.']
      : ["You're welcome, happy to help!", 'My pleasure, glad it helped.'],
  received: (a, c) =>
    c.formal
      ? [
          `Thank you for sending me ${O(a, 'this')}. I will take a look and come back to you.`,
          `Many thanks for ${O(a, 'this')}. I will review ${it(a)} and get back to you shortly.`,
        ]
      : [
          `Thanks for sending ${O(a, 'this')}! I'll take a look and get back to you.`,
          `Thanks for ${O(a, 'this')}. I'll have a look and let you know.`,
        ],
  receipt: (a, c) =>
    c.formal
      ? [
          `I confirm that I have received ${O(a, 'your message')}.`,
          `This is to confirm that ${O(a, 'your message')} arrived safely.`,
        ]
      : [
          `Just to let you know that ${O(a, 'your message')} arrived safely.`,
          `Got ${O(a, 'it')}, thanks!`,
        ],
  pay: (a, c) =>
    c.formal
      ? [
          `I will take care of the payment of ${O(a, 'the invoice')}${sp(W(a))}.`,
          `The payment of ${O(a, 'the invoice')} will be made${sp(W(a, 'shortly'))}.`,
        ]
      : [
          `I'll pay ${O(a, 'the invoice')}${sp(W(a))}.`,
          `I'll take care of ${O(a, 'the invoice')}${sp(W(a))}.`,
        ],
  cannotSend: (a, c) =>
    c.formal
      ? [
          `Unfortunately, I will not be able to send you ${O(a, 'this')}${sp(W(a))}. Would a little later work for you?`,
          `I am afraid ${O(a, 'this')} will not be ready${sp(W(a))}. Could we agree on a later date?`,
        ]
      : [
          `Sorry, I won't be able to send you ${O(a, 'this')}${sp(W(a))}. Would a bit later work?`,
          `I'm afraid ${O(a, 'it')} won't be ready${sp(W(a))}. Could we say a little later?`,
        ],
  meetYes: (a, c) =>
    a.when
      ? [
          `${capitalise(whenBare(a.when))} works for me.`,
          `${capitalise(whenBare(a.when))} suits me well.`,
          `I can make ${whenBare(a.when)}.`,
        ]
      : c.formal
        ? ['I would be happy to meet. Which day would suit you?']
        : ['Happy to meet! Which day works for you?'],
  meetNo: (a, c) =>
    c.formal
      ? [
          `Unfortunately, I cannot make it${sp(W(a))}. Could you suggest another time?`,
          `I am afraid ${a.when ? whenBare(a.when) : 'that time'} does not work for me. Would another time suit you?`,
        ]
      : [
          `Sorry, I can't make it${sp(W(a))}. Could you suggest another time?`,
          `I'm afraid ${a.when ? whenBare(a.when) : 'that time'} doesn't work for me. Can we find another slot?`,
        ],
  proposeTime: (a, c) =>
    a.when
      ? c.formal
        ? [`Would ${whenBare(a.when)} work for you instead?`, `Could we meet ${W(a)} instead?`]
        : [`How about ${whenBare(a.when)} instead?`, `Could we do ${whenBare(a.when)} instead?`]
      : c.formal
        ? ['Could we find another time? Please let me know what would suit you.']
        : ['Could we find another time? Let me know what works for you.'],
  holding: (_a, c) =>
    c.formal
      ? [
          'I will look into your question and come back to you shortly.',
          'Let me check, and I will get back to you on this.',
        ]
      : ["Let me check and I'll get back to you.", "I'll look into it and let you know."],
  yes: (_a, c) =>
    c.formal ? ['Yes, of course.', 'Yes, that works for me.'] : ['Yes, sure!', 'Yes, sounds good.'],
  no: (_a, c) =>
    c.formal
      ? ['Unfortunately, that will not be possible.', 'I am afraid I have to say no this time.']
      : ["Sorry, but that won't work this time.", "I'm afraid I'll have to say no."],
  noted: (_a, c) =>
    c.formal
      ? ['Thank you for letting me know.', 'Many thanks for the information.']
      : ['Thanks for letting me know!', 'Good to know, thanks.'],
  metAt: (a) => [
    `It was a pleasure meeting you at ${O(a, 'the event')}.`,
    `It was great to meet you at ${O(a, 'the event')}.`,
  ],
  remind: (a, c) => {
    const first = c.formal
      ? [
          `I would like to remind you of ${O(a)}${sp(W(a))}.`,
          `This is a short reminder about ${O(a)}${sp(W(a))}.`,
        ]
      : [`Just a quick reminder about ${O(a)}${sp(W(a))}.`, `Don't forget ${O(a)}${sp(W(a))}!`]
    const second = c.formal
      ? ['I look forward to it.', 'Please let me know if anything has changed.']
      : ['See you then!', 'Let me know if anything changes.']
    return first.flatMap((f) => second.map((s) => `${f} ${s}`))
  },
  reschedule: (a, c) => {
    const to = a.when ? `to ${whenBare(a.when)}` : 'to another time'
    return c.formal
      ? [`Could we move ${O(a)} ${to}?`, `Would it be possible to move ${O(a)} ${to}?`]
      : [`Could we move ${O(a)} ${to}?`, `Any chance we could push ${O(a)} ${to}?`]
  },
  apologiseDelay: (a, c) =>
    c.formal
      ? [
          `Please accept my apologies for the delay with ${O(a)}.`,
          `I am sorry for the delay with ${O(a)}.`,
        ]
      : [`Sorry for the delay with ${O(a)}!`, `Apologies for the delay with ${O(a)}.`],
  generic: (a, c) =>
    a.objects.length
      ? [`I am writing to you about ${O(a)}.`, `I wanted to get in touch about ${O(a)}.`]
      : c.formal
        ? ['I wanted to get in touch with you.']
        : ['I just wanted to get in touch.'],
}

export const subjectOf = (a: ActArgs) => list(a.objects.map((o) => phrase(o, true)))
