import { Fragment } from 'react'

/** http(s) and www. addresses in running text; what follows a space or < > " ends one. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi
/** Sentence punctuation after an address belongs to the sentence, not the link. */
const TRAILING = /[.,;:!?)\]'’]+$/

/**
 * Plain-text mail with its web addresses as links, opening in a new tab that cannot reach
 * back into Inkwell (noopener) nor learn where it came from (noreferrer). React escapes the
 * text: nothing in the mail becomes markup.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { href: string; label: string })[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const label = match[0].replace(TRAILING, '')
    const start = match.index
    parts.push(text.slice(last, start))
    parts.push({ href: label.startsWith('www.') ? `https://${label}` : label, label })
    last = start + label.length
  }
  parts.push(text.slice(last))
  return parts.map((part, i) =>
    typeof part === 'string' ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <a
        key={i}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary underline underline-offset-2 hover:no-underline"
      >
        {part.label}
      </a>
    ),
  )
}
