import { ReplyOptionsSchema, type ReplyOption } from '../../../contract/ai.js'

const LABEL_CHARS = 40

/** A label cut to the chip's 40 characters at a word, with an ellipsis. */
function fitLabel(label: string): string {
  const oneLine = label.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= LABEL_CHARS) return oneLine
  const cut = oneLine.slice(0, LABEL_CHARS - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > LABEL_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`
}

/** The first JSON array in a text: models wrap it in prose or a ```json fence. */
function arrayIn(text: string): unknown {
  const start = text.indexOf('[')
  const end = text.lastIndexOf(']')
  if (start !== -1 && end > start) {
    try {
      return JSON.parse(text.slice(start, end + 1))
    } catch {
      // Not an array after all; an object with `options` is tried next.
    }
  }
  const open = text.indexOf('{')
  const close = text.lastIndexOf('}')
  if (open === -1 || close <= open) return null
  try {
    const object: unknown = JSON.parse(text.slice(open, close + 1))
    return typeof object === 'object' && object !== null && 'options' in object
      ? object.options
      : null
  } catch {
    return null
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * Three reply options read from what a writer answered, or null when it did not give three
 * usable ones. Tolerant of what models do (a fence, prose around the array, `{options: […]}`,
 * a fourth option, a label too long for its chip); strict about the result, which
 * `ReplyOptionsSchema` validates.
 */
export function parseReplyOptions(answer: string): ReplyOption[] | null {
  const found = arrayIn(answer)
  if (!Array.isArray(found)) return null
  const options: ReplyOption[] = []
  for (const item of found) {
    if (typeof item !== 'object' || item === null) continue
    const record = item as Record<string, unknown>
    const label = fitLabel(text(record.label))
    const instruction = text(record.instruction) || label
    if (label && instruction) options.push({ label, instruction })
    if (options.length === 3) break
  }
  const parsed = ReplyOptionsSchema.safeParse({ options })
  return parsed.success ? parsed.data.options : null
}
