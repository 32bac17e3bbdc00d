import type { Label } from '../../../../contract/labels'
import { SNOOZED_LABEL_NAME } from './views'

/**
 * One level of the user's labels as Gmail nests them by `/` in their names: 'Work/Clients' sits
 * under 'Work'. A level no label stands for ('Work' when only 'Work/Clients' exists) is still
 * a node, without a label, so its children have a place.
 */
export type LabelNode = {
  /** This level's own name ('Clients'). */
  name: string
  /** The whole name up to here ('Work/Clients'): unique, a key. */
  path: string
  label: Label | null
  children: LabelNode[]
}

const byName = (a: LabelNode, b: LabelNode) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })

/**
 * The user's labels as a tree, sorted by name at each level. System labels are views of their
 * own, and the Snoozed mirror label is the Snoozed view: neither is in the tree.
 */
export function buildLabelTree(labels: readonly Label[]): LabelNode[] {
  const roots: LabelNode[] = []
  const nodes = new Map<string, LabelNode>()
  const user = labels.filter((l) => l.type === 'user' && l.name !== SNOOZED_LABEL_NAME)
  for (const label of user) {
    const parts = label.name.split('/')
    let siblings = roots
    let path = ''
    parts.forEach((part, index) => {
      path = path ? `${path}/${part}` : part
      let node = nodes.get(path)
      if (!node) {
        node = { name: part, path, label: null, children: [] }
        nodes.set(path, node)
        siblings.push(node)
      }
      if (index === parts.length - 1) node.label = label
      siblings = node.children
    })
  }
  const sort = (list: LabelNode[]) => {
    list.sort(byName)
    for (const node of list) sort(node.children)
  }
  sort(roots)
  return roots
}

/** Unread conversations under a node: its own label's, else (a bare level) its children's. */
export function unreadOf(node: LabelNode): number {
  if (node.label) return node.label.unread
  return node.children.reduce((sum, child) => sum + unreadOf(child), 0)
}
