import { describe, expect, it } from 'vitest'
import type { Label } from '../../../contract/labels'
import { listThread } from '../../test/thread-row'
import { labelIdOf } from './labels'
import { ticksOf } from './use-mailbox-pickers'

const user = (id: string, name: string): Label => ({ id, name, type: 'user', unread: 0, total: 1 })
const idOf = labelIdOf([user('Label_1', 'Clients'), user('Label_2', 'Travel')])

describe('ticksOf (the `l` picker)', () => {
  it('ticks a user label the rows name by the id the picker lists it under', () => {
    const threads = [
      listThread({ id: 'a', labels: ['INBOX', 'Clients', 'Travel'] }),
      listThread({ id: 'b', labels: ['INBOX', 'Clients'] }),
    ]
    const ticks = ticksOf(['a', 'b'], threads, idOf)
    expect(ticks.get('Label_1')).toBe('all')
    expect(ticks.get('Label_2')).toBe('some')
    expect(ticks.has('Clients')).toBe(false)
  })

  it('counts a label once when a row holds both its name and its id', () => {
    const threads = [
      listThread({ id: 'a', labels: ['Clients', 'Label_1'] }),
      listThread({ id: 'b' }),
    ]
    expect(ticksOf(['a', 'b'], threads, idOf).get('Label_1')).toBe('some')
  })
})
