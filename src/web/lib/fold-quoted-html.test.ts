import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TRIM_LABEL } from './fold-quoted-html'
import { sanitizeEmailHtml } from './sanitize-email'

/** Real-world shapes of replies, as Gmail, Outlook, Apple Mail and Thunderbird write them. */
const fixture = (name: string) =>
  readFileSync(join(process.cwd(), 'src/web/lib/quoted-fixtures', `${name}.html`), 'utf8')

/** The message as the frame shows it: what is visible with every fold closed, and what is folded. */
function folded(name: string) {
  const { html } = sanitizeEmailHtml(fixture(name), { allowRemoteImages: false, foldQuoted: true })
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const folds = [...doc.querySelectorAll('details.inkwell-trim')]
  const trimmed = folds.map((d) => d.textContent ?? '').join('\n')
  for (const d of folds) d.remove()
  const shown = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
  return { folds, shown, trimmed, doc }
}

describe('folding quoted text in HTML mail', () => {
  it.each([
    ['gmail-en', 'Sounds good, see you Thursday.', 'Can we meet on Thursday?'],
    ['gmail-es-signature', 'Perfecto, nos vemos el jueves.', '¿Nos vemos el jueves?'],
    ['outlook-fr', "Merci, c'est noté.", 'Pouvons-nous nous voir jeudi ?'],
    ['outlook-de-desktop', 'Danke, passt.', 'Können wir uns am Donnerstag treffen?'],
    ['apple-fr', "D'accord pour jeudi.", 'On se voit jeudi ?'],
    ['thunderbird-de', 'Ja, Donnerstag passt.', 'Treffen wir uns am Donnerstag?'],
    ['thunderbird-es-plain-lines', 'Sí, el jueves está bien.', '¿Quedamos el jueves?'],
  ])('%s: the reply shows, the quoted history folds', (name, own, quoted) => {
    const { shown, trimmed } = folded(name)
    expect(shown).toContain(own)
    expect(shown).not.toContain(quoted)
    expect(trimmed).toContain(quoted)
  })

  it('folds the attribution line with its quote, and signatures too', () => {
    expect(folded('gmail-en').shown).not.toMatch(/wrote/)
    expect(folded('gmail-es-signature').shown).not.toMatch(/escribió|Inkwell/)
    expect(folded('outlook-fr').shown).not.toMatch(/Envoyé|De :/)
    expect(folded('outlook-de-desktop').shown).not.toMatch(/Gesendet|Von:/)
    expect(folded('apple-fr').shown).not.toMatch(/a écrit/)
    const thunderbird = folded('thunderbird-de')
    expect(thunderbird.shown).toBe('Ja, Donnerstag passt.')
    expect(thunderbird.trimmed).toMatch(/Alex Morgan[\s\S]*schrieb Ana/)
    expect(folded('thunderbird-es-plain-lines').shown).toBe('Sí, el jueves está bien.')
  })

  it('gives each fold a closed "…" toggle named for what it does', () => {
    const { folds } = folded('gmail-en')
    expect(folds).toHaveLength(1)
    const toggle = folds[0]!.firstElementChild!
    expect(folds[0]!.hasAttribute('open')).toBe(false)
    expect(toggle.tagName).toBe('SUMMARY')
    expect(toggle.getAttribute('role')).toBe('button')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.getAttribute('aria-label')).toBe(TRIM_LABEL)
    expect(toggle.textContent).toBe('…')
  })

  it('makes one toggle of an attribution and the quote right after it (Apple Mail)', () => {
    expect(folded('apple-fr').folds).toHaveLength(1)
  })

  it('never hides the whole message', () => {
    const { folds, shown } = folded('quote-only')
    expect(folds).toHaveLength(0)
    expect(shown).toContain('Everything here is quoted.')
  })

  it('leaves mail without history alone, "From:" and "Date:" in its text included', () => {
    const { folds, shown } = folded('newsletter')
    expect(folds).toHaveLength(0)
    expect(shown).toContain('Date: all week')
  })

  it('folds only when asked', () => {
    const { html } = sanitizeEmailHtml(fixture('gmail-en'), { allowRemoteImages: false })
    expect(html).not.toContain('<details')
  })
})
