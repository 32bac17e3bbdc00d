import { describe, expect, it } from 'vitest'
import { editorStart } from './compose/compose-handoff'
import { signatureAt, signatureBlock } from './signature'

const REPLY = {
  to: 'ben@example.com',
  subject: 'Re: Plans',
  originalSender: 'Ben',
  originalEmail: 'ben@example.com',
  replyContext: 'See you at 8?',
}

describe('the signature in a new message', () => {
  it('starts a new message with an empty line, the delimiter and the signature', () => {
    expect(editorStart(null, 'Sam Rivera\nInkwell').fields.body).toBe(
      '\n\n-- \nSam Rivera\nInkwell',
    )
  })

  it('sits between the reply’s text and the quote', () => {
    const body = editorStart({ ...REPLY, body: 'Yes!' }, 'Sam').fields.body
    expect(body).toBe('Yes!\n\n-- \nSam\n\nOn Ben <ben@example.com> wrote:\n> See you at 8?')
  })

  it('is left out without one, and a reopened draft is kept as it was', () => {
    expect(editorStart(null, '').fields.body).toBe('')
    const draft = { ...REPLY, replyContext: '', originalEmail: '', draftId: 'd1', body: 'Mine' }
    expect(editorStart(draft, 'Sam').fields.body).toBe('Mine')
  })

  it('is found by its delimiter line', () => {
    const body = `Hi\n\n${signatureBlock('Sam')}`
    expect(body.slice(signatureAt(body))).toBe('-- \nSam')
    expect(signatureAt('no signature -- here')).toBe(-1)
  })
})
