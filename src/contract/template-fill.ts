/**
 * Filling a template's variables (decision 051): the one implementation the web uses when it
 * inserts a template and the server uses when "Write with AI" starts from one. Plain string
 * work with no imports, so it costs the web bundle nothing.
 */

/** The variables a template may hold, as written between double braces. */
export const TEMPLATE_VARIABLES = ['firstName', 'name', 'myFirstName', 'myName'] as const
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>

/** `{{ firstName }}`, any case, spaces allowed inside the braces; nothing else is a variable. */
const VARIABLE = /\{\{\s*([A-Za-z]+)\s*\}\}/g
/** Stands where a variable with no value was, until the text around it is tidied. */
const GAP = '\uE000'
const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof|sr|sra|srta|don|doña|m|mme|mlle|herr|frau)\.?$/i

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * The first name in a full name: "Ana Pérez" → "Ana", "Pérez, Ana" → "Ana", "Dr. Jane Smith"
 * → "Jane". An address alone ("ana@example.com") is not a name.
 */
export function firstNameOf(name: string | null | undefined): string | null {
  const full = oneLine(name ?? '')
  if (!full || full.includes('@')) return null
  const [last, first] = full.split(',').map((part) => part.trim())
  const ordered = first ? `${first} ${last}` : full
  const words = ordered.split(' ').filter((word) => !TITLES.test(word))
  return words[0] ?? null
}

/** The values for a recipient (a saved contact's name, or the address's display name) and the user. */
export function templateValues(
  recipientName: string | null | undefined,
  myName: string | null | undefined,
): TemplateValues {
  const them = oneLine(recipientName ?? '')
  const me = oneLine(myName ?? '')
  return {
    name: them && !them.includes('@') ? them : null,
    firstName: firstNameOf(them),
    myName: me || null,
    myFirstName: firstNameOf(me),
  }
}

function knownVariable(word: string): TemplateVariable | null {
  return TEMPLATE_VARIABLES.find((v) => v.toLowerCase() === word.toLowerCase()) ?? null
}

/** Capitalises what follows a greeting-less start: ", thanks" never begins a line. */
const capitalFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/**
 * The template's text with its variables filled in one pass (a value is never read as a
 * variable itself). A variable with no value leaves nothing behind: no braces, no "Hi ,", no
 * doubled space, no line of its own. Anything else in braces, an unclosed `{{`, HTML or
 * script stays exactly the text it was.
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  let gaps = false
  const filled = text.replace(VARIABLE, (whole, word: string) => {
    const variable = knownVariable(word)
    if (!variable) return whole
    const value = oneLine(values[variable] ?? '')
    if (value) return value
    gaps = true
    return GAP
  })
  if (!gaps) return filled
  return (
    filled
      // Two missing variables side by side ("{{firstName}} {{name}}") are one gap.
      .replace(new RegExp(`${GAP}(?:[ \\t]*${GAP})+`, 'g'), GAP)
      // A line that held only missing variables goes, with its line break
      // ("Best regards,\n{{myName}}" ends at the comma).
      .replace(new RegExp(`\\r?\\n[ \\t]*${GAP}[ \\t]*(?=\\r?\\n|$)`, 'g'), '')
      .replace(new RegExp(`^[ \\t]*${GAP}[ \\t]*(?:\\r?\\n|$)`), '')
      // At the start of a line, the punctuation that followed goes too ("{{firstName}}, thanks").
      .replace(
        new RegExp(`^([ \\t]*)${GAP}[ \\t]*[,;:]?[ \\t]*(\\S)`, 'gm'),
        (_all, indent: string, next: string) => `${indent}${capitalFirst(next)}`,
      )
      // Before punctuation, the space and any comma before it go ("Hi {{firstName}}," → "Hi,").
      .replace(new RegExp(`,?[ \\t]*${GAP}(?=[,.;:!?)])`, 'g'), '')
      // Between two words, one space stays ("Bonjour {{firstName}} !" → "Bonjour !").
      .replace(new RegExp(`[ \\t]+${GAP}[ \\t]+`, 'g'), ' ')
      // At the end of a line, the separator before it goes ("Thanks, {{myName}}").
      .replace(new RegExp(`[ \\t]*[,;:]?[ \\t]*${GAP}[ \\t]*$`, 'gm'), '')
      .replaceAll(GAP, '')
  )
}
