import { describe, expect, it } from 'vitest'
import { detectLanguage, stripQuotedHistory, unanswerableMail } from './mail-text.js'

describe('stripQuotedHistory', () => {
  it('drops a Gmail reply’s quote, with its attribution on one line or wrapped over two', () => {
    expect(
      stripQuotedHistory('Sounds good.\n\nOn Mon, 2 Nov 2026, Grace wrote:\n> Shall we meet?\n> G'),
    ).toBe('Sounds good.')
    expect(
      stripQuotedHistory(
        'Thursday works.\n\nOn Mon, 2 Nov 2026 at 10:04, Grace Hopper <\ngrace@example.com> wrote:\n\n> Shall we meet?',
      ),
    ).toBe('Thursday works.')
  })

  it('knows the attribution in Spanish, French and German', () => {
    for (const line of [
      'El lun, 2 nov 2026 a las 10:04, Ana García <ana@example.com> escribió:',
      'Le lun. 2 nov. 2026 à 10:04, Chloé Martin <chloe@example.com> a écrit :',
      'Am Mo., 2. Nov. 2026 um 10:04 Uhr schrieb Jonas Weber <jonas@example.com>:',
    ]) {
      expect(stripQuotedHistory(`Gracias.\n\n${line}\n> Hola`)).toBe('Gracias.')
    }
  })

  it('keeps an answer written between quoted lines', () => {
    expect(stripQuotedHistory('Yes.\n> quoted\nNo.')).toBe('Yes.\nNo.')
  })

  it('drops forwarded and original messages below their separators', () => {
    expect(
      stripQuotedHistory(
        'FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Grace <g@example.com>\nDate: Mon\n\nThe old text',
      ),
    ).toBe('FYI, see below.')
    expect(
      stripQuotedHistory('Done.\n\n-------- Original Message --------\nSubject: Old\n\nOld text'),
    ).toBe('Done.')
    expect(stripQuotedHistory('Done.\n-----Original Message-----\nOld text')).toBe('Done.')
  })

  it('drops Outlook’s From/Sent block and everything under it', () => {
    expect(
      stripQuotedHistory(
        'Approved.\n\n________________________________\nFrom: Grace Hopper <grace@example.com>\nSent: Monday, November 2, 2026 10:04 AM\nTo: Ada\nSubject: Budget\n\nCan you approve?',
      ),
    ).toBe('Approved.')
    expect(
      stripQuotedHistory(
        'Approved.\n\nFrom: Grace Hopper\nSent: Monday\nTo: Ada\n\nCan you approve?',
      ),
    ).toBe('Approved.')
  })

  it('keeps a line that only starts like an attribution, and a lone From: line', () => {
    const own = 'On Monday we ship.\nFrom: the design team, with thanks.\nBest,\nAda'
    expect(stripQuotedHistory(own)).toBe(own)
  })
})

describe('unanswerableMail', () => {
  it('tells text from the bytes of a file, and from a mail with no words', () => {
    expect(unanswerableMail('Could you send the slides?')).toBeNull()
    expect(unanswerableMail('Price: 12 €\u0007 (a stray bell)')).toBeNull()
    const pdfBytes = '%PDF-1.7\n' + '\u0001\u0002\ufffd\ufffd\u0003x\u0004\u0005'.repeat(200)
    expect(unanswerableMail(pdfBytes)).toBe('binary')
    expect(unanswerableMail('\u200b\u200b — … !!')).toBe('empty')
  })
})

describe('detectLanguage', () => {
  it('reads the four languages, and gives none when it cannot tell', () => {
    expect(detectLanguage('¿Podrías enviarme las diapositivas antes del viernes?')).toBe('spanish')
    expect(detectLanguage('Bonjour, pourriez-vous m’envoyer le rapport avant jeudi ?')).toBe(
      'french',
    )
    expect(detectLanguage('Könnten Sie mir bitte die Unterlagen bis Freitag schicken?')).toBe(
      'german',
    )
    expect(detectLanguage('Could you send me the slides before Friday?')).toBe('english')
    expect(detectLanguage('OK 👍')).toBeNull()
  })

  it('reads the sender’s own words, not the quoted history under them', () => {
    expect(
      detectLanguage(
        'Claro, te las envío mañana por la mañana.\n\nOn Mon, 2 Nov 2026, Ada wrote:\n> Could you send me the slides before Friday? I need them for the board meeting and the budget review.',
      ),
    ).toBe('spanish')
  })
})
