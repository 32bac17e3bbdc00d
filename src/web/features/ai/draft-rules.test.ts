import { describe, expect, it } from 'vitest'
import { replyTextProblem, writeWithAiProblem } from './draft-rules'

describe('the AI dialogs’ checks', () => {
  it('refuse a blank smart reply, spaces and line breaks included', () => {
    expect(replyTextProblem('')).not.toBeNull()
    expect(replyTextProblem(' \n\t ')).not.toBeNull()
    expect(replyTextProblem(' Thanks! ')).toBeNull()
  })

  it('ask for a contact first, then a description, in the spec’s words', () => {
    expect(writeWithAiProblem({ contactSelected: false, description: 'Hi' })).toEqual({
      title: 'Please select a contact first',
    })
    expect(writeWithAiProblem({ contactSelected: false, description: '' })).toEqual({
      title: 'Please select a contact first',
    })
    expect(writeWithAiProblem({ contactSelected: true, description: '  \n' })).toEqual({
      title: 'Please describe what you want to write',
    })
    expect(writeWithAiProblem({ contactSelected: true, description: 'Ask for the contract' })).toBe(
      null,
    )
  })

  it('need no description when the draft starts from a template (decision 051)', () => {
    expect(
      writeWithAiProblem({ contactSelected: true, description: '', templateChosen: true }),
    ).toBeNull()
    expect(
      writeWithAiProblem({ contactSelected: false, description: '', templateChosen: true }),
    ).toEqual({ title: 'Please select a contact first' })
  })
})
