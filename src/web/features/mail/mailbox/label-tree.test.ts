import { describe, expect, it } from 'vitest'
import type { Label } from '../../../../contract/labels'
import { buildLabelTree, unreadOf } from './label-tree'

const label = (id: string, name: string, extra: Partial<Label> = {}): Label => ({
  id,
  name,
  type: 'user',
  unread: 0,
  total: 0,
  ...extra,
})

describe('buildLabelTree', () => {
  it('nests labels by "/" and sorts each level by name', () => {
    const tree = buildLabelTree([
      label('L3', 'Work/Clients/Acme'),
      label('L1', 'work-free'),
      label('L2', 'Work'),
      label('L4', 'Work/Admin'),
      label('L5', 'Receipts'),
    ])
    expect(tree.map((n) => n.name)).toEqual(['Receipts', 'Work', 'work-free'])
    const work = tree[1]!
    expect(work.label?.id).toBe('L2')
    expect(work.children.map((n) => n.path)).toEqual(['Work/Admin', 'Work/Clients'])
    expect(work.children[1]!.children[0]).toMatchObject({ name: 'Acme', path: 'Work/Clients/Acme' })
  })

  it('keeps a level without its own label as a bare node that sums its children', () => {
    const [clients] = buildLabelTree([
      label('A', 'Clients/Acme', { unread: 2 }),
      label('B', 'Clients/Beta', { unread: 3 }),
    ])
    expect(clients).toMatchObject({ name: 'Clients', label: null })
    expect(unreadOf(clients!)).toBe(5)
  })

  it('leaves out system labels and the Snoozed mirror label', () => {
    const tree = buildLabelTree([
      label('INBOX', 'INBOX', { type: 'system' }),
      label('S', 'Inkwell/Snoozed'),
      label('T', 'Travel'),
    ])
    expect(tree.map((n) => n.path)).toEqual(['Travel'])
  })
})
