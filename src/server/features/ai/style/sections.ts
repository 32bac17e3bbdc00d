import { LANGUAGE_NAME, languageNamed, type Language } from './languages.js'

/**
 * A sample learned from mail in several languages keeps one section per language in the
 * profile's example text (decision 047), each under a header line the user can read and edit:
 *
 *     === German · 5 sent e-mails ===
 *
 * The analysis of a section is computed from its text alone, so the text is all a profile needs
 * to keep: the same section always gives the same analysis.
 */
export type Section = { language: Language; messageCount: number | null; text: string }

const HEADER = /^[ \t]*===[ \t]*(\p{L}+)\b([^\n=]*)===[ \t]*$/u

/** The header of a section: "=== German · 5 sent e-mails ===". */
export function sectionHeader(language: Language, messageCount: number | null): string {
  if (messageCount === null) return `=== ${LANGUAGE_NAME[language]} ===`
  return `=== ${LANGUAGE_NAME[language]} · ${messageCount} sent ${messageCount === 1 ? 'e-mail' : 'e-mails'} ===`
}

/** The language a header line names, or null when the line is not a header. */
export function headerLanguage(
  line: string,
): { language: Language; messageCount: number | null } | null {
  const match = HEADER.exec(line)
  const language = match && languageNamed(match[1]!)
  if (!language) return null
  const count = /(\d+)/.exec(match[2] ?? '')
  return { language, messageCount: count ? Number(count[1]) : null }
}

export function isHeader(line: string): boolean {
  return headerLanguage(line) !== null
}

/**
 * The sections of a sample, in the order written; [] when the sample has no headers. Text before
 * the first header is no section's; a language named twice is one section.
 */
export function splitSections(sample: string): Section[] {
  const sections: Section[] = []
  let current: Section | null = null
  const lines: Map<Section, string[]> = new Map()
  for (const line of sample.split(/\r?\n/)) {
    const header = headerLanguage(line)
    if (header) {
      current = sections.find((s) => s.language === header.language) ?? null
      if (!current) {
        current = { ...header, text: '' }
        sections.push(current)
        lines.set(current, [])
      }
      continue
    }
    if (current) lines.get(current)!.push(line)
  }
  for (const section of sections) section.text = lines.get(section)!.join('\n').trim()
  return sections.filter((s) => s.text)
}

export function joinSections(sections: Section[]): string {
  return sections
    .map((s) => `${sectionHeader(s.language, s.messageCount)}\n\n${s.text}`)
    .join('\n\n')
}
