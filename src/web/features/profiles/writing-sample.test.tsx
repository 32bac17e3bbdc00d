import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { LearnedFromSentMail, StyleAnalysis, SuggestedTraits } from '../../../contract/ai'
import { createQueryClient } from '../../lib/query-client'
import { learnedSummary } from './learned-languages'
import { WritingSample } from './writing-sample'

function analysis(learnedStyle: string, traits: Partial<SuggestedTraits> = {}): StyleAnalysis {
  return {
    styleAnalysis: 'Measured.',
    suggestions: ['Your writing is clear and balanced: keep this style.'],
    learnedStyle,
    metrics: {
      words: 60,
      sentences: 6,
      averageSentenceLength: 10,
      complexWordShare: 0.1,
      readability: 70,
      vocabularyLevel: 'standard',
      formality: 'informal',
      formalityMarkers: [],
      tone: 'casual',
      greetings: [],
      signoffs: [],
      recurringPhrases: [],
    },
    suggestedTraits: {
      tone: 'casual',
      style: 'conversational',
      vocabulary: 'standard',
      sentenceStructure: 'short',
      commonPhrases: [],
      signatureStyle: 'Cheers',
      ...traits,
    },
  }
}

const ENGLISH = analysis('In English you write in a casual voice. You usually open with "Hi".')
const GERMAN = analysis('In German you write in a casual voice. You usually open with "Hallo".', {
  signatureStyle: 'Liebe Grüße',
})
const LEARNED: LearnedFromSentMail = {
  messageCount: 9,
  sample:
    '=== English · 5 sent e-mails ===\n\nHi Priya, …\n\n=== German · 3 sent e-mails ===\n\nHallo Jonas, …',
  analysis: { ...ENGLISH, learnedStyle: `${ENGLISH.learnedStyle}\n${GERMAN.learnedStyle}` },
  languages: [
    { language: 'english', messageCount: 5, words: 420, analysis: ENGLISH },
    { language: 'german', messageCount: 3, words: 180, analysis: GERMAN },
    { language: 'spanish', messageCount: 1, words: 2, analysis: null },
  ],
}

function renderSample() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/ai/learn-from-sent-mail'
        ? new Response(JSON.stringify(LEARNED))
        : new Response(JSON.stringify(LEARNED.analysis)),
    ),
  )
  const onApplyTraits = vi.fn()
  function Harness() {
    const [text, setText] = useState('')
    return (
      <WritingSample id="sample" value={text} onChange={setText} onApplyTraits={onApplyTraits} />
    )
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  )
  return { onApplyTraits }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('learning from sent mail in the profile dialog', () => {
  it('shows each language found with its e-mails and what was learned of it', async () => {
    const { onApplyTraits } = renderSample()
    fireEvent.click(screen.getByRole('button', { name: /learn from my sent mail/i }))

    const found = await screen.findByRole('region', { name: 'Languages in your sent mail' })
    const items = within(found).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      `English · 5 sent e-mails${ENGLISH.learnedStyle}`,
      `German · 3 sent e-mails${GERMAN.learnedStyle}`,
      'Spanish · 1 sent e-mailToo little text (2 words) to learn a style from.',
    ])
    expect(found).toHaveTextContent('a draft uses the one in its contact’s language')
    expect(screen.getByRole('status')).toHaveTextContent(
      'Learned from 9 sent e-mails in English and German',
    )
    expect(screen.getByLabelText('Example text')).toHaveValue(LEARNED.sample)
    expect(onApplyTraits).toHaveBeenCalledWith(ENGLISH.suggestedTraits)
  })

  it('names the one language of a mailbox in one language', () => {
    expect(
      learnedSummary({ ...LEARNED, messageCount: 1, languages: LEARNED.languages.slice(0, 1) }),
    ).toBe(
      'Learned from 1 sent e-mail in English: the suggested traits are filled in. Nothing is saved until you save.',
    )
  })
})
