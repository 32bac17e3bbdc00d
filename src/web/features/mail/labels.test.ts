import { describe, expect, it } from 'vitest'
import type { Label } from '../../../contract/labels'
import { shownLabels } from './labels'

const TRIPS: Label = {
  id: 'Label_7',
  name: 'Trips',
  type: 'user',
  unread: 0,
  total: 1,
  color: { backgroundColor: '#fb4c2f', textColor: '#ffffff' },
}
// As useLabelIndex builds it: each label by its name and by its id.
const INDEX = new Map<string, Label>([
  [TRIPS.name, TRIPS],
  [TRIPS.id, TRIPS],
])

describe('shownLabels', () => {
  it('shows a user label the list names (decision 031) as its coloured chip, not a plain word', () => {
    expect(shownLabels(['INBOX', 'Trips'], INDEX)).toEqual([
      { key: 'Label_7', label: TRIPS, text: 'Trips' },
    ])
  })

  it('shows it once when a change made here added its id beside the name', () => {
    expect(shownLabels(['Trips', 'Label_7', 'CATEGORY_UPDATES'], INDEX)).toEqual([
      { key: 'Label_7', label: TRIPS, text: 'Trips' },
      { key: 'updates', label: null, text: 'updates' },
    ])
  })
})
