const numberFormat = new Intl.NumberFormat('en-US')
const conversations = (n: number) =>
  `${numberFormat.format(n)} ${n === 1 ? 'conversation' : 'conversations'}`

/** What the list on screen is, for its count: the label's own, a search of it, or all mail. */
export type CountedList =
  | { kind: 'label' }
  | { kind: 'search'; found: number }
  | { kind: 'allMail'; found: number | undefined }

/**
 * The count above the list: "1,234 conversations", "3 of 1,234 conversations" while searching
 * the label, "5 conversations found in all mail" (or that it is still looking). Nothing until
 * the label's first page says how many it holds.
 */
export function threadCountText(labelTotal: number | undefined, list: CountedList): string {
  if (labelTotal === undefined) return ''
  switch (list.kind) {
    case 'allMail':
      return list.found === undefined
        ? 'Searching all mail…'
        : `${conversations(list.found)} found in all mail`
    case 'search':
      return `${numberFormat.format(list.found)} of ${conversations(labelTotal)}`
    case 'label':
      return conversations(labelTotal)
  }
}
