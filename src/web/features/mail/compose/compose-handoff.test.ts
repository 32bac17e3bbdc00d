import { afterEach, describe, expect, it } from 'vitest'
import type { EmailMessage } from '../../../../contract/mail'
import { parseAddressList, formatAddress } from './addresses'
import {
  COMPOSE_STORAGE_KEY,
  buildReplyHandoff,
  clearComposeHandoff,
  editorStart,
  handoffFromDraft,
  handoffFromEditor,
  originalMessageBlock,
  prefixSubject,
  readComposeHandoff,
  writeComposeHandoff,
} from './compose-handoff'
import { filesToAttachments } from './attachments'

const ME = 'alex.morgan@inkwell.demo'

function message(
  fields: Partial<EmailMessage> & { to?: string; ccHeader?: string; replyTo?: string },
): EmailMessage {
  const { to = ME, ccHeader = '', replyTo = '', ...rest } = fields
  return {
    id: 'msg-2',
    threadId: 'thread-1',
    subject: 'Budget',
    snippet: 'snippet',
    body: 'Hello Alex,\nsee attached.',
    textBody: 'Hello Alex,\nsee attached.',
    htmlBody: null,
    hasHtml: false,
    sender: { name: 'Priya Shah', email: 'priya@acme.io' },
    recipient: to,
    cc: ccHeader,
    timestamp: '2025-06-10T10:00:00.000Z',
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    headers: {
      from: 'Priya Shah <priya@acme.io>',
      to,
      cc: ccHeader,
      bcc: '',
      date: '',
      subject: 'Budget',
      messageId: '<a@b>',
      replyTo,
    },
    inReplyTo: '',
    references: '',
    attachments: [],
    ...rest,
  }
}

afterEach(() => localStorage.clear())

describe('subject prefixes', () => {
  it('adds Re: or Fwd: once, whatever the case of an existing one', () => {
    expect(prefixSubject('Re: ', 'Budget')).toBe('Re: Budget')
    expect(prefixSubject('Re: ', 'RE: Budget')).toBe('RE: Budget')
    expect(prefixSubject('Re: ', 're:Budget')).toBe('re:Budget')
    expect(prefixSubject('Fwd: ', 'Budget')).toBe('Fwd: Budget')
    expect(prefixSubject('Fwd: ', 'FW: Budget')).toBe('FW: Budget')
    expect(prefixSubject('Fwd: ', 'Re: Budget')).toBe('Fwd: Re: Budget')
  })
})

describe('addresses', () => {
  it('parses lists with names, quotes and bare addresses', () => {
    expect(parseAddressList('Sam Rivera <sam@x.io>, "Doe, Jo" <jo@y.io>; kim@z.io')).toEqual([
      { name: 'Sam Rivera', email: 'sam@x.io' },
      { name: 'Doe, Jo', email: 'jo@y.io' },
      { name: '', email: 'kim@z.io' },
    ])
  })

  it('quotes names that need it', () => {
    expect(formatAddress({ name: 'Doe, Jo', email: 'jo@y.io' })).toBe('"Doe, Jo" <jo@y.io>')
    expect(formatAddress({ name: 'Sam', email: 'sam@x.io' })).toBe('Sam <sam@x.io>')
    expect(formatAddress({ name: '', email: 'sam@x.io' })).toBe('sam@x.io')
  })
})

describe('reply handoff', () => {
  it('replies to the sender in the same thread, answering the latest message', () => {
    const handoff = buildReplyHandoff('reply', message({}), 'Budget', ME)
    expect(handoff).toMatchObject({
      to: 'Priya Shah <priya@acme.io>',
      subject: 'Re: Budget',
      threadId: 'thread-1',
      replyToMessageId: 'msg-2',
      originalSender: 'Priya Shah',
      originalEmail: 'priya@acme.io',
      replyContext: 'Hello Alex,\nsee attached.',
    })
    expect(handoff.cc).toBeUndefined()
  })

  it('uses Reply-To when the message has one', () => {
    const handoff = buildReplyHandoff(
      'reply',
      message({ replyTo: 'Billing <billing@acme.io>' }),
      'Budget',
      ME,
    )
    expect(handoff.to).toBe('Billing <billing@acme.io>')
  })

  it('reply all copies every other recipient, never the user', () => {
    const handoff = buildReplyHandoff(
      'replyAll',
      message({
        to: `Alex <${ME}>, Sam <sam@x.io>`,
        ccHeader: 'kim@z.io, PRIYA@acme.io, ALEX.MORGAN@inkwell.demo',
      }),
      'Budget',
      ME,
    )
    expect(handoff.to).toBe('Priya Shah <priya@acme.io>')
    expect(handoff.cc).toBe('Sam <sam@x.io>, kim@z.io')
  })

  it('answering a message the user sent goes to its recipients again', () => {
    const handoff = buildReplyHandoff(
      'reply',
      message({ sender: { name: 'Alex', email: ME }, to: 'Sam <sam@x.io>' }),
      'Budget',
      ME,
    )
    expect(handoff.to).toBe('Sam <sam@x.io>')
  })

  it('forward starts a new conversation with no recipient', () => {
    const handoff = buildReplyHandoff('forward', message({}), 'Re: Budget', ME)
    expect(handoff).toMatchObject({ to: '', subject: 'Fwd: Re: Budget' })
    expect(handoff.threadId).toBeUndefined()
    expect(handoff.replyToMessageId).toBeUndefined()
  })

  it("forward carries the original's attachments by reference, through local storage too", () => {
    const original = message({
      attachments: [
        { attachmentId: 'att-1', filename: 'budget.xlsx', mimeType: 'application/x', size: 2048 },
      ],
    })
    const handoff = buildReplyHandoff('forward', original, 'Budget', ME)
    const expected = [
      {
        messageId: 'msg-2',
        attachmentId: 'att-1',
        filename: 'budget.xlsx',
        mimeType: 'application/x',
        size: 2048,
      },
    ]
    expect(editorStart(handoff).forwarded).toEqual(expected)
    writeComposeHandoff(handoffFromEditor({ ...editorStart(handoff), forwarded: expected }))
    expect(readComposeHandoff()?.forwardedAttachments).toEqual(expected)
    // A reply does not carry them.
    expect(buildReplyHandoff('reply', original, 'Budget', ME).forwardedAttachments).toBeUndefined()
  })
})

describe('the stored handoff', () => {
  it('round-trips through local storage under composeData, and is removed after use', () => {
    writeComposeHandoff(buildReplyHandoff('reply', message({}), 'Budget', ME))
    expect(localStorage.getItem(COMPOSE_STORAGE_KEY)).not.toBeNull()
    expect(readComposeHandoff()?.subject).toBe('Re: Budget')
    clearComposeHandoff()
    expect(readComposeHandoff()).toBeNull()
  })

  it('carries a smart reply taken on to Compose: its text and its AI draft', () => {
    const handoff = buildReplyHandoff('reply', message({}), 'Budget', ME)
    writeComposeHandoff({ ...handoff, body: 'Thanks, Sam!', aiDraftId: 'draft-1' })
    expect(readComposeHandoff()).toMatchObject({
      subject: 'Re: Budget',
      threadId: 'thread-1',
      replyToMessageId: 'msg-2',
      body: 'Thanks, Sam!',
      aiDraftId: 'draft-1',
    })
    clearComposeHandoff()
  })

  it('reads the spec fields alone and ignores what is not a handoff', () => {
    localStorage.setItem(
      COMPOSE_STORAGE_KEY,
      JSON.stringify({ to: 'a@b.c', subject: 'Hi', replyContext: 'x' }),
    )
    expect(readComposeHandoff()).toMatchObject({
      to: 'a@b.c',
      subject: 'Hi',
      originalSender: '',
      replyContext: 'x',
    })
    localStorage.setItem(COMPOSE_STORAGE_KEY, 'not json')
    expect(readComposeHandoff()).toBeNull()
  })

  it('quotes a reply as Gmail does: "On <date>, <name> <<address>> wrote:", then ">" lines', () => {
    const block = originalMessageBlock({
      originalSender: 'Priya Shah',
      originalEmail: 'priya@acme.io',
      originalDate: '2025-03-03T10:12:00',
      replyContext: 'Line 1\n\nLine 2',
    })
    expect(block).toBe(
      'On Mon, Mar 3, 2025 at 10:12 AM, Priya Shah <priya@acme.io> wrote:\n> Line 1\n>\n> Line 2',
    )
  })

  it("forwards under Gmail's header block (From, Date, Subject, To), not quoted", () => {
    const block = originalMessageBlock({
      originalSender: 'Priya Shah',
      originalEmail: 'priya@acme.io',
      originalDate: '2025-03-03T10:12:00',
      originalSubject: 'Budget',
      originalTo: 'Alex Morgan <alex@inkwell.demo>',
      replyContext: 'Line 1\n\nLine 2\n',
      forward: true,
    })
    expect(block).toBe(
      [
        '---------- Forwarded message ---------',
        'From: Priya Shah <priya@acme.io>',
        'Date: Mon, Mar 3, 2025 at 10:12 AM',
        'Subject: Budget',
        'To: Alex Morgan <alex@inkwell.demo>',
        '',
        'Line 1',
        '',
        'Line 2',
      ].join('\n'),
    )
  })
})

describe('editors, drafts and pop out', () => {
  it('a reply popped out opens in Compose with its text as written, quote not added twice', () => {
    const start = editorStart(buildReplyHandoff('reply', message({}), 'Budget', ME))
    const written = { ...start.fields, body: `Sounds good.${start.fields.body}` }
    writeComposeHandoff(handoffFromEditor({ fields: written, reply: start.reply, draftId: 'r-42' }))
    const reopened = editorStart(readComposeHandoff())
    expect(reopened.fields).toEqual(written)
    expect(reopened.fields.body.split(' wrote:\n')).toHaveLength(2)
    expect(reopened.reply).toEqual({
      threadId: 'thread-1',
      replyToMessageId: 'msg-2',
      originalSender: 'Priya Shah',
    })
    expect(reopened.draftId).toBe('r-42')
  })

  it('a saved draft reopens with its fields, its draft id and, for a reply, its thread', () => {
    const draft = {
      id: 'r-7',
      to: 'priya@acme.io',
      cc: '',
      bcc: 'boss@acme.io',
      subject: 'Re: Budget',
      body: 'Half written',
      snippet: 'Half written',
      timestamp: '2025-06-10T10:00:00.000Z',
      threadId: 'thread-1',
      inReplyTo: '<m2@acme.io>',
      replyToMessageId: 'msg-2',
      attachments: [],
    }
    const start = editorStart(handoffFromDraft(draft))
    expect(start.fields).toEqual({
      to: 'priya@acme.io',
      cc: '',
      bcc: 'boss@acme.io',
      subject: 'Re: Budget',
      body: 'Half written',
    })
    expect(start.draftId).toBe('r-7')
    expect(start.reply).toMatchObject({ threadId: 'thread-1', replyToMessageId: 'msg-2' })
    expect(editorStart(handoffFromDraft({ ...draft, threadId: null })).reply).toBeNull()
    expect(start.draftFiles).toBeUndefined()
  })

  it('a saved draft reopens with its files, by their place in the draft, through storage', () => {
    const draft = {
      id: 'r-8',
      to: 'priya@acme.io',
      cc: '',
      bcc: '',
      subject: 'Figures',
      body: 'Attached',
      snippet: 'Attached',
      timestamp: '2025-06-10T10:00:00.000Z',
      threadId: null,
      inReplyTo: '',
      replyToMessageId: null,
      attachments: [
        { attachmentId: 'a-1', filename: 'q3.xlsx', mimeType: 'application/vnd.ms-excel', size: 9 },
        { attachmentId: 'a-2', filename: '', mimeType: 'image/png', size: 4 },
      ],
    }
    writeComposeHandoff(handoffFromDraft(draft))
    const start = editorStart(readComposeHandoff())
    expect(start.draftId).toBe('r-8')
    expect(start.draftFiles).toEqual([
      { index: 0, filename: 'q3.xlsx', mimeType: 'application/vnd.ms-excel', size: 9 },
      { index: 1, filename: 'attachment', mimeType: 'image/png', size: 4 },
    ])
  })

  it('a popped-out reply names its picked files in its draft only once the draft holds them', () => {
    const state = {
      fields: { to: 'a@b.co', cc: '', bcc: '', subject: 'Re: x', body: 'y' },
      reply: null,
      draftId: 'r-9',
      files: [new File(['12345'], 'plan.pdf', { type: 'application/pdf' })],
    }
    expect(handoffFromEditor({ ...state, unsaved: false }).draftFiles).toEqual([
      { index: 0, filename: 'plan.pdf', mimeType: 'application/pdf', size: 5 },
    ])
    expect(handoffFromEditor({ ...state, unsaved: true }).draftFiles).toBeUndefined()
    expect(handoffFromEditor({ ...state, draftId: undefined }).draftFiles).toBeUndefined()
  })
})

describe('attachments', () => {
  it('reads files as base64 with their type', async () => {
    const [attachment] = await filesToAttachments([
      new File(['hello'], 'note.txt', { type: 'text/plain' }),
    ])
    expect(attachment).toEqual({
      filename: 'note.txt',
      mimeType: 'text/plain',
      contentBase64: btoa('hello'),
    })
  })
})
