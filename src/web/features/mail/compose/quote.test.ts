import { describe, expect, it } from 'vitest'
import type { EmailMessage } from '../../../../contract/mail'
import { buildReplyHandoff, editorStart } from './compose-handoff'
import { quoteAt, splitQuote } from './quote'

const QUOTE = 'On Mon, Mar 3, 2025 at 10:12 AM, Priya Shah <priya@acme.io> wrote:\n> Hi\n>\n> Priya'

describe("the reply editor's quote", () => {
  it("splits the body into the user's part and the folded quote, which join back exactly", () => {
    const body = `Sounds good.\n\n-- \nAlex\n\n${QUOTE}`
    const { own, rest } = splitQuote(body)
    expect(own).toBe('Sounds good.\n\n-- \nAlex')
    expect(rest).toBe(`\n\n${QUOTE}`)
    expect(own + rest).toBe(body)
  })

  it('starts a reply empty above the quote, the signature between them', () => {
    const message = {
      id: 'm1',
      threadId: 't1',
      subject: 'Plans',
      snippet: '',
      body: 'Hi\n\nPriya',
      textBody: 'Hi\n\nPriya',
      timestamp: '2025-03-03T10:12:00',
      sender: { name: 'Priya Shah', email: 'priya@acme.io' },
      recipient: 'alex@inkwell.demo',
      cc: '',
      headers: { to: 'alex@inkwell.demo', cc: '', replyTo: '' },
    } as unknown as EmailMessage
    const start = editorStart(
      buildReplyHandoff('reply', message, 'Plans', 'alex@inkwell.demo'),
      'Alex',
    )
    expect(start.fields.body).toBe(`\n\n-- \nAlex\n\n${QUOTE}`)
    expect(splitQuote(start.fields.body).own).toBe('\n\n-- \nAlex')
    const bare = editorStart(buildReplyHandoff('reply', message, 'Plans', 'alex@inkwell.demo'))
    expect(splitQuote(bare.fields.body).own).toBe('')
  })

  it("finds a forward's block and an older draft's Original Message block", () => {
    expect(quoteAt('FYI\n\n---------- Forwarded message ---------\nFrom: a@b.c')).toBe(5)
    expect(quoteAt('Ok\n\n-------- Original Message --------\nFrom: a@b.c\n\n> x')).toBe(4)
  })

  it("never takes the user's own words for the quote", () => {
    expect(quoteAt('> as you said\nyes')).toBe(-1)
    expect(quoteAt('On Monday we wrote:')).toBe(-1)
    expect(quoteAt('On Monday we wrote:\nthe plan')).toBe(-1)
  })
})
