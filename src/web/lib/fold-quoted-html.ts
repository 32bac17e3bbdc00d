import {
  isAttributionLine,
  isOutlookHeader,
  isSeparatorLine,
  isSignatureLine,
} from '../../contract/quoted-text'

/**
 * Folding a message's quoted history and signatures behind a "…" toggle, as Gmail trims them
 * (issue 25). It runs on the sanitized DOM, and where the folds go is found once per message:
 * the sanitizer keeps each message's `FoldPlan` (its `foldKey`) and only applies it when the
 * message is sanitized again (re-expanded, its images in). It folds with `<details>`: the mail frame needs no script to open it (its one
 * script only keeps the toggle's aria-expanded true, see mail-frame/frame-document.ts).
 *
 * Found by structure, never by guessing at words in the middle of a line: Gmail's
 * `gmail_quote` and `gmail_signature`, Apple Mail's and Thunderbird's `blockquote type=cite`
 * (with Thunderbird's `moz-cite-prefix` line and `moz-signature`), Outlook's `#appendonsend` /
 * `#divRplyFwdMsg` and its "From: … Sent: …" block, a block that starts with "On … wrote:" (or
 * its Spanish, French or German form) or a forward separator, and the "-- " line. If folding
 * would leave nothing of the message to see, nothing is folded.
 */

export const TRIM_LABEL = 'Show trimmed content'
export const TRIM_CLASS = 'inkwell-trim'
export const TRIM_TOGGLE_CLASS = 'inkwell-trim-toggle'

/** Folded with what directly precedes it (its attribution line, a signature's "-- "). */
const QUOTE_BLOCKS = [
  '.gmail_quote_container',
  '.gmail_quote',
  'blockquote[type="cite" i]',
  '.gmail_signature',
  '[data-smartmail="gmail_signature"]',
  '.moz-signature',
].join(',')
/** Folded with everything after it in its parent: Outlook's reply header. */
const TAIL_BLOCKS = '#appendonsend, #divRplyFwdMsg'
/** Elements whose first lines may start the history (its attribution, separator, header…). */
const TEXT_BLOCKS = new Set(['DIV', 'P', 'PRE', 'SPAN', 'FONT', 'B', 'STRONG', 'TD'])
/** Containers a `<details>` cannot stand in: a fold climbs out of them to its block. */
const NO_FLOW = new Set([
  'P',
  'SPAN',
  'FONT',
  'A',
  'B',
  'I',
  'U',
  'EM',
  'STRONG',
  'SMALL',
  'BIG',
  'CODE',
  'LABEL',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'UL',
  'OL',
  'DL',
])
const BLOCK_TAGS = new Set(['DIV', 'P', 'PRE', 'BLOCKQUOTE', 'TABLE', 'TR', 'LI', 'HR', 'H1', 'H2'])

/** A run of sibling nodes to fold, from `first` to `last` in one parent. */
type Fold = { first: ChildNode; last: ChildNode }

/** Whether a node shows nothing: whitespace, a `<br>`, an empty element without an image. */
function isEmptyNode(node: Node): boolean {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim() === ''
  if (node.nodeType !== Node.ELEMENT_NODE) return true
  const element = node as Element
  if (element.tagName === 'BR') return true
  return (element.textContent ?? '').trim() === '' && !element.querySelector('img, hr')
}

/** The first few lines of an element's text, with `<br>` and blocks as line breaks. */
function firstLines(element: Element, max = 6): string[] {
  let text = ''
  let visited = 0
  let lines = 0
  const walk = (node: Node): boolean => {
    if (++visited > 300 || text.length > 1500 || lines > max * 3) return false
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? ''
    else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = (node as Element).tagName
      if (tag === 'STYLE') return true
      const isBreak = tag === 'BR' || BLOCK_TAGS.has(tag)
      if (isBreak) {
        text += '\n'
        lines += 1
      }
      for (const child of node.childNodes) if (!walk(child)) return false
      if (BLOCK_TAGS.has(tag)) text += '\n'
    }
    return true
  }
  walk(element)
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, max)
}

/** Whether an element's text starts the history: its first line (or two, wrapped) says so. */
function startsHistory(element: Element): boolean {
  const lines = firstLines(element)
  const first = lines[0]
  if (first === undefined) return false
  return (
    isAttributionLine(first) ||
    (lines[1] !== undefined && isAttributionLine(`${first} ${lines[1]}`)) ||
    isSeparatorLine(first) ||
    isSignatureLine(first) ||
    isOutlookHeader(lines)
  )
}

/** Whether `node` is all that `parent` shows. */
const isOnlyChild = (parent: Element, node: ChildNode) =>
  [...parent.childNodes].every((child) => child === node || isEmptyNode(child))

/** The first child of `parent` that shows something, or `node` if nothing shows before it. */
function leads(parent: Element, node: ChildNode): boolean {
  for (const child of parent.childNodes) {
    if (child === node) return true
    if (!isEmptyNode(child)) return false
  }
  return false
}

/**
 * Where a fold that starts at `node` begins: out of the containers `node` starts (so their
 * following content folds too), and out of those a `<details>` cannot stand in (a paragraph,
 * a table row). Null when it cannot be folded without hiding text before it.
 */
function climb(node: ChildNode, root: Element): ChildNode | null {
  let current = node
  for (;;) {
    const parent = current.parentElement
    if (!parent) return null
    if (parent === root) return current
    const first = leads(parent, current)
    if (!first) return NO_FLOW.has(parent.tagName) ? null : current
    current = parent
  }
}

/** A quote block with its lead-in: the attribution line or "-- " right before it, if any. */
function withLeadIn(block: Element): ChildNode {
  let previous = block.previousSibling
  while (previous && isEmptyNode(previous)) previous = previous.previousSibling
  if (!previous) return block
  const element = previous.nodeType === Node.ELEMENT_NODE ? (previous as Element) : null
  const text = (previous.textContent ?? '').replace(/\u00a0/g, ' ')
  const leadIn =
    element?.matches('.gmail_attr, .moz-cite-prefix, .gmail_signature_prefix') ||
    isAttributionLine(text) ||
    isSignatureLine(text.trim())
  return leadIn ? previous : block
}

/** Whether `node` lies inside (or is) one of the runs already chosen. */
function covered(node: Node, folds: readonly Fold[]): boolean {
  return folds.some(({ first, last }) => {
    const parent = first.parentNode
    if (!parent) return false
    for (let n: ChildNode | null = first; n; n = n.nextSibling) {
      if (n === node || n.contains(node)) return true
      if (n === last) break
    }
    return false
  })
}

function tailOf(node: ChildNode): Fold {
  let last = node
  while (last.nextSibling) last = last.nextSibling
  return { first: node, last }
}

/** Finds the runs to fold, in document order, none inside another. */
function findFolds(root: Element): Fold[] {
  const folds: Fold[] = []
  const add = (fold: Fold) => {
    const same = folds.find((f) => f.first === fold.first)
    if (same) {
      same.last = fold.last
      return
    }
    if (covered(fold.first, folds)) return
    // Right after another run (Apple Mail's attribution and its quote): one toggle for both.
    let previous = fold.first.previousSibling
    while (previous && isEmptyNode(previous)) previous = previous.previousSibling
    const before = folds.find((f) => f.last === previous)
    if (before) {
      before.last = fold.last
      return
    }
    // A run found earlier that this one contains gives way to it.
    for (let i = folds.length - 1; i >= 0; i--) {
      if (covered(folds[i]!.first, [fold])) folds.splice(i, 1)
    }
    folds.push(fold)
  }

  for (const element of root.querySelectorAll(TAIL_BLOCKS)) {
    let start: ChildNode = element
    // Outlook draws a rule above the header block.
    const before = element.previousElementSibling
    if (before?.tagName === 'HR') start = before
    const first = climb(start, root)
    if (first) add(tailOf(first))
  }
  for (const element of root.querySelectorAll(QUOTE_BLOCKS)) {
    if (covered(element, folds)) continue
    const parent = element.parentElement
    if (
      parent &&
      parent !== root &&
      (NO_FLOW.has(parent.tagName) || isOnlyChild(parent, element))
    ) {
      const first = climb(element, root)
      if (first) add({ first, last: first })
    } else add({ first: withLeadIn(element), last: element })
  }
  for (const element of root.querySelectorAll('*')) {
    if (!TEXT_BLOCKS.has(element.tagName) || covered(element, folds)) continue
    if (!startsHistory(element)) continue
    const first = climb(element, root)
    if (first) add(tailOf(first))
  }
  // A line among others in one block: "Thanks<br>-- <br>Alex", "<br>On … wrote:<br>".
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const line = (text.textContent ?? '').replace(/\u00a0/g, ' ').trim()
    if (!isSignatureLine(line) && !isAttributionLine(line)) continue
    const previous = text.previousSibling
    const startsLine = !previous || previous.nodeName === 'BR'
    if (!startsLine || covered(text, folds)) continue
    const parent = text.parentElement
    if (!parent || NO_FLOW.has(parent.tagName)) continue
    add(tailOf(text as ChildNode))
  }
  return folds
}

function toggle(doc: Document): HTMLElement {
  const summary = doc.createElement('summary')
  summary.className = TRIM_TOGGLE_CLASS
  summary.setAttribute('role', 'button')
  summary.setAttribute('aria-expanded', 'false')
  summary.setAttribute('aria-label', TRIM_LABEL)
  summary.setAttribute('title', TRIM_LABEL)
  summary.textContent = '…'
  return summary
}

/**
 * Where one message's folds go: each run's first and last node as child-index paths from the
 * root. Found once per message (the detection walks every element); the sanitizer's DOM has
 * the same shape whichever images are allowed, so the plan fits each later sanitize of it.
 */
export type FoldPlan = readonly { first: readonly number[]; last: readonly number[] }[]

function pathOf(node: Node, root: Element): number[] {
  const path: number[] = []
  for (let current: Node = node; current !== root;) {
    const parent = current.parentNode
    if (!parent) return []
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, current) as number)
    current = parent
  }
  return path
}

function nodeAt(root: Element, path: readonly number[]): ChildNode | null {
  let node: ChildNode | null = null
  let parent: Node = root
  for (const index of path) {
    node = parent.childNodes[index] ?? null
    if (!node) return null
    parent = node
  }
  return node
}

/**
 * Finds where `root`'s quoted history and signatures fold, leaving `root` as it is: no fold
 * when folding would hide the whole message.
 */
export function planFolds(root: Element): FoldPlan {
  const folds = findFolds(root)
  if (folds.length === 0) return []
  const plan = folds.map(({ first, last }) => ({
    first: pathOf(first, root),
    last: pathOf(last, root),
  }))
  // Tried on a copy: with every fold closed, something of the message must still show.
  const copy = root.cloneNode(true) as Element
  applyFolds(copy, plan)
  return showsNothing(copy) ? [] : plan
}

/**
 * Wraps each planned run in `root` in a closed `<details>` whose summary is the "…" toggle.
 * Answers how many runs were folded, or null when the plan does not fit `root` (it was found in
 * other markup), which is then left as it was.
 */
export function applyFolds(root: Element, plan: FoldPlan): number | null {
  const runs: { first: ChildNode; last: ChildNode }[] = []
  for (const { first: firstPath, last: lastPath } of plan) {
    const first = nodeAt(root, firstPath)
    const last = nodeAt(root, lastPath)
    if (!first || !last || !first.parentNode || first.parentNode !== last.parentNode) return null
    if (first !== last && !(first.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING))
      return null
    runs.push({ first, last })
  }
  const doc = root.ownerDocument
  for (const { first, last } of runs) {
    const details = doc.createElement('details')
    details.className = TRIM_CLASS
    details.append(toggle(doc))
    first.parentNode!.insertBefore(details, first)
    for (let node: ChildNode | null = first; node;) {
      const next: ChildNode | null = node === last ? null : node.nextSibling
      details.append(node)
      node = next
    }
  }
  return runs.length
}

/**
 * Wraps each run of quoted history or signature in `root` in a closed `<details>` whose
 * summary is the "…" toggle. Answers how many runs were folded (0 when folding would hide the
 * whole message).
 */
export function foldQuotedHtml(root: Element): number {
  return applyFolds(root, planFolds(root)) ?? 0
}

/** Whether, with every fold closed, `folded` (a copy: it is changed) would show no text or image. */
function showsNothing(folded: Element): boolean {
  for (const details of folded.querySelectorAll(`details.${TRIM_CLASS}`)) details.remove()
  for (const style of folded.querySelectorAll('style')) style.remove()
  return (folded.textContent ?? '').trim() === '' && !folded.querySelector('img')
}
