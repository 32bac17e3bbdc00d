import { describe, expect, it } from 'vitest'
import { fillTemplate, firstNameOf, templateValues } from './template-fill.js'

const ana = templateValues('Ana Pérez', 'Ada Lovelace')
const nobody = templateValues(null, null)

describe('fillTemplate', () => {
  it('fills every variable, any case, spaces inside the braces allowed', () => {
    expect(
      fillTemplate('Hi {{firstName}} ({{ name }}), {{MYFIRSTNAME}} here. — {{myName}}', ana),
    ).toBe('Hi Ana (Ana Pérez), Ada here. — Ada Lovelace')
  })

  it.each([
    ['Hi {{firstName}},\n\nThanks.', 'Hi,\n\nThanks.'],
    ['Hola, {{firstName}}:\n\nGracias.', 'Hola:\n\nGracias.'],
    ['¡Hola {{firstName}}!', '¡Hola!'],
    ['Bonjour {{firstName}} !', 'Bonjour !'],
    ['Guten Tag {{name}},\n\nich', 'Guten Tag,\n\nich'],
    ['Thanks {{firstName}} for the call.', 'Thanks for the call.'],
    ['{{firstName}}, thanks for the call.', 'Thanks for the call.'],
    ['Best regards,\n{{myName}}', 'Best regards,'],
    ['Best regards,\n{{myName}}\nInkwell', 'Best regards,\nInkwell'],
    ['Dear {{firstName}} {{name}},', 'Dear,'],
    ['Thanks, {{myFirstName}}', 'Thanks'],
  ])('leaves no trace of a variable with no value: %j', (template, expected) => {
    expect(fillTemplate(template, nobody)).toBe(expected)
  })

  it('keeps unknown variables, unclosed braces, HTML and script as the text they are', () => {
    const text = '<script>alert("{{firstName")</script> {{unknown}} {{ {{name}'
    expect(fillTemplate(text, ana)).toBe(text)
    expect(fillTemplate(text, nobody)).toBe(text)
  })

  it('never reads a value as a variable, nor keeps its line breaks', () => {
    expect(fillTemplate('Hi {{name}}', templateValues('{{myName}}\nX', 'Ada'))).toBe(
      'Hi {{myName}} X',
    )
  })

  it('keeps the spacing of a text without missing variables exactly', () => {
    expect(fillTemplate('a  b ,\n\n\n{{firstName}}', ana)).toBe('a  b ,\n\n\nAna')
  })
})

describe('firstNameOf', () => {
  it.each([
    ['Ana Pérez', 'Ana'],
    ['Pérez, Ana', 'Ana'],
    ['Dr. Jane Smith', 'Jane'],
    ['  Jean-Luc   Picard ', 'Jean-Luc'],
    ['ana@example.com', null],
    ['', null],
    [null, null],
  ])('%j → %j', (name, expected) => {
    expect(firstNameOf(name)).toBe(expected)
  })
})
