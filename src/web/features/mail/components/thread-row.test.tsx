import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { Thread } from '../../../../contract/mail'
import { ThreadRow } from './thread-row'

afterEach(cleanup)

const THREAD: Thread = {
  id: '18c0a1',
  participants: [{ name: 'Ana Ruiz', email: 'ana@example.com' }],
  subject: 'Quarterly numbers',
  snippet: 'Here they are',
  hasHtml: false,
  sender: { name: 'Ana Ruiz', email: 'ana@example.com' },
  recipient: 'me@example.com',
  cc: '',
  timestamp: '2026-11-28T09:00:00.000Z',
  labels: ['INBOX', 'UNREAD'],
  isUnread: true,
  isStarred: false,
  headers: {
    from: 'Ana Ruiz <ana@example.com>',
    to: 'me@example.com',
    cc: '',
    bcc: '',
    date: '',
    subject: 'Quarterly numbers',
    messageId: '',
    replyTo: '',
  },
  messageCount: 1,
  hasAttachments: false,
}

function renderRow(thread: Thread) {
  return render(
    <ThreadRow
      thread={thread}
      selected={false}
      active={false}
      display={{ compactView: false, priorityDisplay: 'text', emailTheme: 'minimal' }}
      now={new Date('2026-11-28T12:00:00Z')}
      me={{ email: 'me@example.com', name: 'Sam' }}
      labelIndex={new Map()}
      onOpen={() => {}}
      onIntent={() => {}}
      onAction={() => {}}
    />,
  )
}

describe('a row brought back by its snooze', () => {
  it('says Snoozed, so an older conversation at the top of the Inbox explains itself', () => {
    renderRow({ ...THREAD, snoozedBack: true })
    expect(screen.getByTestId('snoozed-mark')).toHaveTextContent('Snoozed')
  })

  it('has no mark otherwise', () => {
    renderRow(THREAD)
    expect(screen.queryByTestId('snoozed-mark')).toBeNull()
  })
})

describe('a row the user alone wrote (Sent)', () => {
  const sent: Thread = {
    ...THREAD,
    participants: [{ name: '', email: 'me@example.com' }],
    sender: { name: '', email: 'me@example.com' },
    recipient: 'Ana Ruiz <ana@example.com>',
    isUnread: false,
    labels: ['SENT'],
  }

  it('names whom it went to, "To: Ana Ruiz", and its accessible name says the same', () => {
    renderRow(sent)
    expect(screen.getByTestId('row-senders')).toHaveTextContent(/^To: Ana Ruiz$/)
    expect(screen.getAllByRole('button')[0]).toHaveAccessibleName('To: Ana Ruiz: Quarterly numbers')
  })

  it('is "me" again once someone else wrote in it', () => {
    renderRow({ ...sent, participants: [...sent.participants, THREAD.sender] })
    expect(screen.getByTestId('row-senders')).toHaveTextContent(/^me, Ana$/)
    expect(screen.getAllByRole('button')[0]).toHaveAccessibleName('me, Ana: Quarterly numbers')
  })
})
