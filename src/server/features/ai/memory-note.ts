/** Longest note a sent e-mail adds to a contact's memory. */
const NOTE_CHARS = 160

/** Pleasantries say nothing about what was said; the note skips them. */
const PLEASANTRY =
  /^(i hope|hope you|i trust|espero que|j'espère|ich hoffe|thank you for your message|muchas gracias por|je vous remercie pour|merci pour|vielen dank für)/i

/** The first address in a To header ("Ana <ana@example.com>, bo@example.com" → ana@…). */
export function firstAddress(header: string): string | null {
  return /[^\s<>,;"]+@[^\s<>,;"]+/.exec(header)?.[0]?.toLowerCase() ?? null
}

/**
 * A dated one-line note of what an e-mail said (decision 034), e.g.
 * `2026-11-23 — "Q3 report": I am writing to ask about the Q3 report.`
 * The greeting line and pleasantries are skipped: the first sentence with content counts.
 */
export function memoryNote(date: Date, subject: string, body: string): string {
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('>'))
  // A first line ending in a comma or colon is the greeting ("Dear Ana,").
  if (lines.length > 1 && /[,:]$/.test(lines[0]!)) lines.shift()
  const sentences = lines.join(' ').match(/[^.!?¡¿]+[.!?]*/g) ?? []
  const said =
    sentences.map((s) => s.trim()).find((s) => s.length > 3 && !PLEASANTRY.test(s)) ??
    sentences[0]?.trim() ??
    ''
  const title = subject.trim() ? `"${subject.trim()}": ` : ''
  const line = `${date.toISOString().slice(0, 10)} — ${title}${said}`.replace(/\s+/g, ' ')
  return line.length > NOTE_CHARS ? `${line.slice(0, NOTE_CHARS - 1).trimEnd()}…` : line
}
