import { describe, expect, it } from 'vitest'
import { createSubjectLineSplitter } from './subject-line.js'

/** Feeds `pieces` as a model's deltas; returns what each push let through, the rest and the subject. */
function feed(pieces: string[]) {
  const splitter = createSubjectLineSplitter()
  const shown = pieces.map((piece) => splitter.push(piece))
  shown.push(splitter.end())
  return { shown, body: shown.join(''), subject: splitter.subject }
}

describe('the subject line of a compose draft', () => {
  it('takes "Subject: …" and the blank line off the body, however the deltas split it', () => {
    const text = 'Subject: Q3 report\n\nDear Ana,\n\nCould you send it?\n\nBest,\nAda'
    for (const size of [1, 2, 3, 7, 1000]) {
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!
      const { body, subject } = feed(pieces)
      expect(subject).toBe('Q3 report')
      expect(body).toBe('Dear Ana,\n\nCould you send it?\n\nBest,\nAda')
    }
  })

  it('holds back nothing but the subject line: the body streams as it comes', () => {
    const { shown } = feed(['Subj', 'ect: Hi', '\n', '\n', 'Dear', ' Ana,', '\nThanks'])
    expect(shown).toEqual(['', '', '', '', 'Dear', ' Ana,', '\nThanks', ''])
  })

  it('reads a bold or heading subject line, in any case', () => {
    expect(feed(['**Subject:** Lunch on Friday\n\nHi Bo,']).subject).toBe('Lunch on Friday')
    expect(feed(['# SUBJECT: Lunch\r\n\r\nHi Bo,'])).toMatchObject({
      subject: 'Lunch',
      body: 'Hi Bo,',
    })
  })

  it('passes a draft without a subject line through at once, whole', () => {
    const { shown, subject } = feed(['Dear', ' Ana,\n', 'Thanks.'])
    expect(shown).toEqual(['Dear', ' Ana,\n', 'Thanks.', ''])
    expect(subject).toBeNull()
    // A first word that only starts like "Subject" is the body.
    expect(feed(['Subjects we discussed:\nA, B']).body).toBe('Subjects we discussed:\nA, B')
  })

  it('gives an unfinished first line back as the body when the text ends', () => {
    expect(feed(['Subject: nothing else'])).toMatchObject({
      body: 'Subject: nothing else',
      subject: null,
    })
  })
})
