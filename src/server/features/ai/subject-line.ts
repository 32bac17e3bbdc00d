import { SUBJECT_LINE_PREFIX } from './prompt.js'

/**
 * A subject line as models really write it: `Subject: …`, sometimes in bold or as a heading
 * (`**Subject:** …`, `# Subject: …`), whatever the case.
 */
const SUBJECT_LINE = /^[#*\s]*subject\s*:\s*\**\s*(.*?)\s*\**\s*$/i
/** "Subject", without its colon: the word a held-back first line must still be able to become. */
const SUBJECT_WORD = SUBJECT_LINE_PREFIX.replace(/[:\s]+$/, '').toLowerCase()

/** True while an unfinished first line ("Sub", "**Subject: Q3 rep") can still be a subject line. */
function couldStillBeSubject(head: string): boolean {
  const start = head.replace(/^[#*\s]*/, '').toLowerCase()
  if (SUBJECT_WORD.startsWith(start)) return true
  return start.startsWith(SUBJECT_WORD) && /^\s*(:|$)/.test(start.slice(SUBJECT_WORD.length))
}

/**
 * Takes the "Subject: …" line a compose draft starts with (and the blank lines after it) off
 * the streamed text, so the editor gets the body and the answer carries the subject. The first
 * line is held back only while it can still be a subject line: a draft starting "Dear Ana"
 * streams at once, and one that never writes a subject line passes through whole.
 */
export function createSubjectLineSplitter() {
  let state: 'head' | 'gap' | 'body' = 'head'
  let held = ''
  let subject: string | null = null

  return {
    /** The part of `delta` the user may see now ('' while something is held back). */
    push(delta: string): string {
      if (state === 'body') return delta
      held += delta
      if (state === 'head') {
        // Blank lines before the first line say nothing; the draft is trimmed anyway.
        held = held.replace(/^(?:[ \t]*\r?\n)+/, '')
        const newline = held.indexOf('\n')
        if (newline === -1) {
          if (couldStillBeSubject(held)) return ''
          state = 'body'
          return take()
        }
        const match = SUBJECT_LINE.exec(held.slice(0, newline).replace(/\r$/, ''))
        if (!match?.[1]) {
          state = 'body'
          return take()
        }
        subject = match[1]
        held = held.slice(newline + 1)
        state = 'gap'
      }
      // The blank line(s) between the subject and the body are not part of the body.
      held = held.replace(/^\s+/, '')
      if (!held) return ''
      state = 'body'
      return take()
    },
    /** What is still held when the text ends: an unfinished first line is the body after all. */
    end(): string {
      if (state === 'head') subject = null
      state = 'body'
      return take()
    },
    /** The subject the text started with, once its line is complete. */
    get subject(): string | null {
      return subject
    },
  }

  function take(): string {
    const text = held
    held = ''
    return text
  }
}
