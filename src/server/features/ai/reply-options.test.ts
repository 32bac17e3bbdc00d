import { describe, expect, it } from 'vitest'
import { parseReplyOptions } from './reply-options.js'

const three = [
  { label: 'Yes, Thursday works', instruction: 'Confirm Thursday at 10.' },
  { label: 'Ask for the agenda', instruction: 'Ask for the agenda before agreeing.' },
  { label: 'Decline politely', instruction: 'Decline politely; suggest next week.' },
]

describe('reading reply options a writer answered', () => {
  it('reads a bare array, a fenced one, one in prose and {options: […]}', () => {
    for (const answer of [
      JSON.stringify(three),
      `\`\`\`json\n${JSON.stringify(three, null, 2)}\n\`\`\``,
      `Here are three options:\n${JSON.stringify(three)}\nHope this helps!`,
      JSON.stringify({ options: three }),
    ]) {
      expect(parseReplyOptions(answer)).toEqual(three)
    }
  })

  it('keeps the first three, cuts a long label at a word, trims, fills a missing instruction', () => {
    const options = parseReplyOptions(
      JSON.stringify([
        { label: '  Yes  ', instruction: ' Say yes. ' },
        {
          label: 'Thank them warmly and ask whether the deadline could move by a week',
          instruction: 'Thank them; ask to move the deadline a week.',
        },
        { label: 'Decline' },
        { label: 'A fourth', instruction: 'Never shown' },
      ]),
    )
    expect(options).toEqual([
      { label: 'Yes', instruction: 'Say yes.' },
      {
        label: 'Thank them warmly and ask whether the…',
        instruction: 'Thank them; ask to move the deadline a week.',
      },
      { label: 'Decline', instruction: 'Decline' },
    ])
    expect(options![1]!.label.length).toBeLessThanOrEqual(40)
  })

  it('gives null for prose, broken JSON, fewer than three or the wrong shapes', () => {
    for (const answer of [
      '',
      'Dear Ana,\n\nThank you for your message.',
      '[{"label": "Yes", "instruction": "Say yes."},',
      JSON.stringify(three.slice(0, 2)),
      JSON.stringify(['Yes', 'No', 'Maybe']),
      JSON.stringify([{ text: 'a' }, { text: 'b' }, { text: 'c' }]),
    ]) {
      expect(parseReplyOptions(answer)).toBeNull()
    }
  })
})
