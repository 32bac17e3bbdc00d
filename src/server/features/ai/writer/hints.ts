/**
 * What the contact's Memory and Context tell the writer, read as facts and never quoted: a
 * preferred time of day for meetings, where the user met them, when the last e-mail went out.
 * The notes may be in any language, so none of their words reaches the draft.
 */
import type { Hints } from './acts.js'
import { findNounPhrases } from './noun-phrases.js'
import { Clause, normalise, sentences, tokenize } from './text.js'

const MORNING =
  /\b(mornings?|por las? mananas?|de manana|le matin|matins|matinee|vormittags?|morgens)\b/
const AFTERNOON = /\b(afternoons?|por las? tardes?|apres-midi|nachmittags?)\b/
const MET = /\b(met|meet|conoci\w*|conocimos|rencontr\w*|kennengelernt|getroffen)\b/
/** The memory's dated lines (decision 011): "2025-03-01 — "Subject": first sentence". */
const DATED = /(\d{4})-(\d{2})-(\d{2}) —/g

export function readHints(input: { memory: string | null; context: string | null }): Hints {
  const notes = [input.memory, input.context].filter(Boolean).join('\n')
  const plain = normalise(notes)
  const dayPart = MORNING.test(plain) ? 'morning' : AFTERNOON.test(plain) ? 'afternoon' : null
  let metAt: Hints['metAt'] = null
  for (const sentence of sentences(notes)) {
    if (!MET.test(normalise(sentence))) continue
    const clause = new Clause(tokenize(sentence), sentence)
    const event = findNounPhrases(clause, 'mail').find((np) => np.noun.kind === 'event')
    if (event) {
      metAt = { ...event, det: 'the', qualifier: null, amount: null, complement: null, unknown: [] }
      break
    }
  }
  const dated = [...notes.matchAll(DATED)].at(-1)
  const lastMail = dated ? { day: Number(dated[3]), month: Number(dated[2]) - 1 } : null
  return { dayPart, metAt, lastMail }
}
