import { describe, expect, it } from 'vitest'
import { detectLanguage, ISO_CODE } from '../eval/checks.js'
import type { Language } from '../prompt.js'
import { ENDINGS, type Act, type ActArgs, type Phrasebook } from './acts.js'
import { standard } from './mail.js'
import { phrasebooks } from './phrasebooks.js'
import { NEEDS_OBJECT } from './plan.js'
import { capitalise } from './text.js'

const hints: ActArgs['hints'] = { dayPart: null, metAt: null, lastMail: { day: 4, month: 2 } }
const friday = { kind: 'weekday', weekday: 4, next: false, part: null } as const

/** Things, days and sums each act is tried with: every wording of every act is said. */
const SAMPLES: ActArgs[] = [
  {
    objects: [standard('report')],
    when: { relation: 'by', day: friday, time: null },
    amount: null,
    event: 'meeting',
    hints,
  },
  {
    objects: [standard('slides')],
    when: { relation: 'on', day: { ...friday, weekday: 1 }, time: { hour: 15, minute: 0 } },
    amount: null,
    event: 'call',
    hints,
  },
  {
    objects: [standard('invitation')],
    when: { relation: 'before', day: { kind: 'date', day: 15, month: 2 }, time: null },
    amount: null,
    event: 'meeting',
    hints,
  },
  { objects: [], when: null, amount: null, event: 'meeting', hints },
  {
    objects: [{ ...standard('invoice'), amount: { value: 2400, decimals: 0, currency: 'EUR' } }],
    when: null,
    amount: null,
    event: 'meeting',
    hints,
  },
]

function everySentence(book: Phrasebook): string[] {
  const out = new Set<string>()
  for (const formal of [true, false])
    for (const warm of [true, false]) {
      const c = { formal, warm }
      const lines = [
        ...book.opening(c),
        ...ENDINGS.flatMap((ending) => book.closing(c, ending)),
        ...book.replyOpener(c),
        ...book.yes(c),
      ]
      for (const act of Object.keys(book.phrases) as Act[])
        for (const a of SAMPLES) {
          // Acts about a thing are never written without one (plan.ts drops them).
          if (NEEDS_OBJECT.has(act) && !a.objects.length) continue
          lines.push(...book.phrases[act](a, c), capitalise(book.subject(act, a, c)))
        }
      for (const line of lines)
        for (const s of line.match(/(?:[^.!?]|\.(?=\d))+[.!?]*/g) ?? []) out.add(s.trim())
    }
  return [...out]
}

describe('the phrasebooks', () => {
  for (const [language, book] of Object.entries(phrasebooks) as [Language, Phrasebook][]) {
    it(`${language}: every sentence of every act reads as ${language}, with no placeholder or gap`, () => {
      const sentences = everySentence(book)
      expect(sentences.length).toBeGreaterThan(150)
      // tinyld tells a language apart from five words on, as the eval's purity check does.
      const misread = sentences
        .filter((s) => (s.match(/\p{L}+/gu) ?? []).length >= 5)
        .filter((s) => detectLanguage(s) !== ISO_CODE[language])
      expect(misread).toEqual([])
      // French puts a space before ? ! : ; and the others do not.
      const loosePunctuation = language === 'french' ? /\s[,.]/ : /\s[,.?!;:]/
      for (const s of sentences) {
        expect(s, s).not.toMatch(/undefined|null|NaN|\$\{|\s{2}/)
        expect(s, s).not.toMatch(loosePunctuation)
        expect(s, s).not.toMatch(/^\p{Ll}/u)
      }
    })
  }
})
