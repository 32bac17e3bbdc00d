/** The user labels every demo mailbox has, with Gmail's label colours. */
import type { UserLabel } from '../types.js'

export const USER_LABELS: { id: UserLabel; name: string; bg: string; fg: string }[] = [
  { id: 'Label_clients', name: 'Clients', bg: '#16a766', fg: '#ffffff' },
  { id: 'Label_travel', name: 'Travel', bg: '#4a86e8', fg: '#ffffff' },
  { id: 'Label_receipts', name: 'Receipts', bg: '#ffad47', fg: '#ffffff' },
]
