import { describe, expect, it } from 'vitest'
import { foldQuotedText, isAttributionLine, isOutlookHeader } from './quoted-text'

describe('the lines that start quoted history', () => {
  it.each([
    'On Mon, Mar 3, 2025 at 10:12 AM Ana López <ana@example.com> wrote:',
    'On Mar 3, 2025, at 10:12, Ana López <ana@example.com> wrote:',
    'El lun, 3 mar 2025 a las 10:12, Ana López (<ana@example.com>) escribió:',
    'Le lun. 3 mars 2025 à 10:12, Ana López <ana@example.com> a écrit :',
    'Am Mo., 3. März 2025 um 10:12 Uhr schrieb Ana López <ana@example.com>:',
    'Am 03.03.25 um 10:12 schrieb Ana López:',
  ])('an attribution: %s', (line) => expect(isAttributionLine(line)).toBe(true))

  it.each(['On second thought, I wrote it myself.', 'Onward: we wrote the plan', 'Am I late?'])(
    'not an attribution: %s',
    (line) => expect(isAttributionLine(line)).toBe(false),
  )

  it.each([
    ['From: Ana López', 'Sent: Monday, March 3, 2025 10:12 AM'],
    ['De : Ana López', 'Envoyé : lundi 3 mars 2025 10:12'],
    ['Von: Ana López', 'Gesendet: Montag, 3. März 2025 10:12'],
    ['De: Ana López', 'Enviado el: lunes, 3 de marzo de 2025 10:12'],
  ])("Outlook's header block: %s / %s", (from, sent) =>
    expect(isOutlookHeader([from, sent, 'To: Alex', 'Subject: Hi'])).toBe(true),
  )
})

describe('folding a plain-text message', () => {
  it('folds a Gmail reply\'s "On … wrote:" and its quote', () => {
    const text =
      'Sounds good.\n\nOn Mon, Mar 3, 2025 at 10:12 AM Ana <ana@example.com> wrote:\n> Thursday?\n>\n> Ana\n'
    expect(foldQuotedText(text)).toEqual({
      own: 'Sounds good.',
      trimmed:
        'On Mon, Mar 3, 2025 at 10:12 AM Ana <ana@example.com> wrote:\n> Thursday?\n>\n> Ana\n',
    })
  })

  it('folds a wrapped attribution (Gmail breaks long lines)', () => {
    const text =
      'Yes.\n\nOn Mon, Mar 3, 2025 at 10:12 AM Ana López <\nana@example.com> wrote:\n\n> Thursday?'
    expect(foldQuotedText(text)?.own).toBe('Yes.')
  })

  it.each([
    ['es', 'Sí.\n\nEl lun, 3 mar 2025 a las 10:12, Ana (<ana@example.com>) escribió:\n> ¿Jueves?'],
    ['fr', 'Oui.\n\nLe lun. 3 mars 2025 à 10:12, Ana <ana@example.com> a écrit :\n> Jeudi ?'],
    ['de', 'Ja.\n\nAm 03.03.25 um 10:12 schrieb Ana López:\n> Donnerstag?'],
  ])('folds the %s attribution', (_language, text) => {
    const fold = foldQuotedText(text)
    expect(fold?.own).toMatch(/^(Sí|Oui|Ja)\.$/)
    expect(fold?.trimmed).toMatch(/^(El|Le|Am) /)
  })

  it("folds Outlook's block and what follows, though it is not quoted", () => {
    const text =
      'Danke.\n\n________________________________\nVon: Ana López <ana@example.com>\nGesendet: Montag, 3. März 2025 10:12\nAn: Alex\nBetreff: Treffen\n\nDonnerstag?'
    expect(foldQuotedText(text)?.own).toBe('Danke.')
    const bare = 'Merci.\n\nDe : Ana López\nEnvoyé : lundi 3 mars 2025 10:12\nÀ : Alex\n\nJeudi ?'
    expect(foldQuotedText(bare)?.own).toBe('Merci.')
  })

  it('folds the "-- " signature, and keeps it when asked to', () => {
    const text = 'Thanks!\n\n-- \nAlex Morgan\nInkwell'
    expect(foldQuotedText(text)).toEqual({ own: 'Thanks!', trimmed: '-- \nAlex Morgan\nInkwell' })
    expect(foldQuotedText(text, { signatures: false })).toBeNull()
  })

  it('folds a trailing run of ">" lines, but not an answer written between them', () => {
    expect(foldQuotedText('Agreed.\n\n> We ship Friday.\n> Any objection?')?.own).toBe('Agreed.')
    const inline = '> Friday?\nYes, Friday.\n> And the venue?\nThe office.'
    expect(foldQuotedText(inline)).toBeNull()
  })

  it('never folds the whole message', () => {
    expect(foldQuotedText('On Mon, Mar 3, 2025 Ana <a@x.io> wrote:\n> hi')).toBeNull()
    expect(foldQuotedText('> only a quote')).toBeNull()
    expect(foldQuotedText('')).toBeNull()
  })

  it('leaves text without history alone', () => {
    expect(foldQuotedText('From: 9 am\nWe start at nine.\nDate: Monday')).toBeNull()
  })
})
