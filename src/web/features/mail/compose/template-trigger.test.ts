import { describe, expect, it } from 'vitest'
import type { Template } from '../../../../contract/templates'
import { fillFor, insertTemplate, matchTemplates, triggerAt, valuesFor } from './template-trigger'

const t = (id: string, name: string, extra: Partial<Template> = {}): Template => ({
  id,
  kind: 'builtin',
  key: null,
  name,
  subject: '',
  body: '',
  language: null,
  createdAt: null,
  updatedAt: null,
  ...extra,
})

const TEMPLATES = [
  t('fu-en', 'Follow-up', { key: 'follow-up', language: 'english' }),
  t('fu-es', 'Seguimiento', { key: 'follow-up', language: 'spanish' }),
  t('fu-fr', 'Relance', { key: 'follow-up', language: 'french' }),
  t('in-fr', 'Présentation', { key: 'introduction', language: 'french' }),
  t('ty-en', 'Thank you', { key: 'thank-you', language: 'english' }),
  t('mine', 'Quarterly follow up', { kind: 'custom' }),
]

describe('triggerAt', () => {
  it.each([
    [';', ''],
    [';fol', 'fol'],
    ['Hello\n;fol', 'fol'],
    ['Hi there ;thank', 'thank'],
    ['Hi ;présen', 'présen'],
    [';follow-up', 'follow-up'],
  ])('%j at the end opens the picker for %j', (text, query) => {
    expect(triggerAt(text, text.length)).toEqual({
      start: text.length - query.length - 1,
      end: text.length,
      query,
    })
  })

  it.each([
    ['a;b'],
    ['Hi;'],
    [';fol '],
    ['Ends with a semicolon;'],
    ['see: ;' + 'x'.repeat(41)],
    [''],
  ])('%j is no trigger', (text) => {
    expect(triggerAt(text, text.length)).toBeNull()
  })

  it('reads the word at the caret, not at the end of the text', () => {
    const text = 'Start ;th and more'
    expect(triggerAt(text, 'Start ;th'.length)).toEqual({ start: 6, end: 9, query: 'th' })
  })
})

describe('matchTemplates', () => {
  it('finds a template by its name or its family, in any language, without accents', () => {
    expect(matchTemplates(TEMPLATES, 'follow').map((x) => x.id)).toEqual([
      'mine',
      'fu-en',
      'fu-es',
      'fu-fr',
    ])
    expect(matchTemplates(TEMPLATES, 'presen').map((x) => x.id)).toEqual(['in-fr'])
    expect(matchTemplates(TEMPLATES, 'zzz')).toEqual([])
  })

  it("puts the user's own first, then the recipient's language", () => {
    expect(matchTemplates(TEMPLATES, 'fol', 'spanish').map((x) => x.id)).toEqual([
      'mine',
      'fu-es',
      'fu-en',
      'fu-fr',
    ])
  })

  it('lists everything for an empty query', () => {
    expect(matchTemplates(TEMPLATES, '')).toHaveLength(TEMPLATES.length)
  })
})

describe('inserting', () => {
  it('replaces the ;query with the filled template and puts the caret after it', () => {
    const body = 'Hello\n;fol\n\nOld quote'
    const trigger = triggerAt(body, 'Hello\n;fol'.length)!
    const filled = fillFor(
      t('x', 'x', { subject: 'About {{name}}', body: 'Hi {{firstName}},\n\n{{myName}}' }),
      valuesFor('Ana Pérez <ana@example.com>', [], 'Ada Lovelace').values,
    )
    expect(filled.subject).toBe('About Ana Pérez')
    const next = insertTemplate(body, trigger, filled.body)
    expect(next.body).toBe('Hello\nHi Ana,\n\nAda Lovelace\n\nOld quote')
    expect(next.body.slice(0, next.caret)).toBe('Hello\nHi Ana,\n\nAda Lovelace')
  })

  it('starts a template typed mid-line on a line of its own', () => {
    expect(insertTemplate('Thanks ;ty', { start: 7, end: 10 }, 'Thank you!').body).toBe(
      'Thanks \nThank you!',
    )
  })

  it('prefers the saved contact for the name and language, and leaves no braces for nobody', () => {
    const contacts = [
      { email: 'ANA@example.com', name: 'Ana María López', language: 'spanish' as const },
    ]
    expect(valuesFor('ana@example.com', contacts, 'Ada')).toEqual({
      values: { name: 'Ana María López', firstName: 'Ana', myName: 'Ada', myFirstName: 'Ada' },
      language: 'spanish',
    })
    const nobody = valuesFor('', [], null).values
    expect(fillFor(t('x', 'x', { body: 'Hi {{firstName}},\nBye {{myName}}' }), nobody).body).toBe(
      'Hi,\nBye',
    )
  })

  it('inserts HTML and script as the text they are', () => {
    const body = '<script>alert(1)</script>'
    expect(insertTemplate('', { start: 0, end: 0 }, body).body).toBe(body)
  })
})
