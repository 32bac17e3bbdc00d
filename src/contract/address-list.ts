/**
 * Address lists without zod: the inbox's first paint names people from their To headers
 * (decision 036 keeps zod out of it), and the schemas in `mail.ts` split lists the same way.
 */

/**
 * Splits an address list at commas and semicolons outside quoted names (where `\"` escapes a
 * quote) and angle brackets: 'Sam <sam@x.io>, "Doe, Jo" <jo@y.io>; kim@z.io' → three entries.
 */
export function splitAddressList(list: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  let bracketed = false
  for (let i = 0; i < list.length; i++) {
    const char = list[i]!
    if (quoted && char === '\\') {
      current += char + (list[++i] ?? '')
      continue
    }
    if (char === '"') quoted = !quoted
    else if (!quoted && char === '<') bracketed = true
    else if (!quoted && char === '>') bracketed = false
    else if (!quoted && !bracketed && (char === ',' || char === ';')) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  return [...parts, current].map((part) => part.trim()).filter(Boolean)
}
