import { describe, expect, it } from 'vitest'
import { analyzeStyle } from './style-analysis.js'
import { measureStyle, syllables } from './style/measure.js'

const CASUAL = `Hey Sam,

Thanks so much for the slides! They're awesome. I'll send my notes tonight.
Let's grab coffee next week! Can't wait.

Cheers,
Alex

Hey Jo,

Thanks so much for the intro! I'll ping them today.

Cheers,
Alex`

const FORMAL = `Dear Professor Lovelace,

I would like to request the analytical documentation regarding the computational engine.
Furthermore, I would appreciate an explanation of the methodology, particularly regarding the
mathematical foundations of the proposed implementation.
Please do not hesitate to contact me should you require additional information.

Kind regards,
Charles Babbage`

describe('style analysis', () => {
  it('counts syllables the way Flesch expects', () => {
    expect(syllables('cat')).toBe(1)
    expect(syllables('table')).toBe(2)
    expect(syllables('documentation')).toBe(5)
  })

  it('measures a casual sample: short sentences, informal, its greeting, sign-off and phrases', () => {
    const m = measureStyle(CASUAL)
    expect(m.formality).toBe('informal')
    expect(m.greetings).toEqual(['Hey'])
    expect(m.signoffs).toEqual(['Cheers'])
    expect(m.recurringPhrases).toContain('thanks so much')
    expect(m.averageSentenceLength).toBeLessThan(8)
    expect(m.readability).toBeGreaterThan(70)
    expect(m.formalityMarkers.some((x) => x.includes('contractions'))).toBe(true)
    expect(['casual', 'friendly']).toContain(m.tone)
  })

  it('measures a formal sample: long sentences, advanced vocabulary, formal markers', () => {
    const m = measureStyle(FORMAL)
    expect(m.formality).toBe('formal')
    expect(m.greetings).toEqual(['Dear'])
    expect(m.signoffs).toEqual(['Kind regards'])
    expect(m.averageSentenceLength).toBeGreaterThan(12)
    expect(m.vocabularyLevel).toBe('advanced')
    expect(m.readability).toBeLessThan(40)
    expect(m.formalityMarkers).toContain('formal: "furthermore"')
  })

  it('turns the measures into the spec’s texts and the profile traits', () => {
    const casual = analyzeStyle(CASUAL)
    expect(casual.suggestedTraits).toMatchObject({
      sentenceStructure: 'short',
      style: 'conversational',
      signatureStyle: 'Cheers',
    })
    expect(casual.learnedStyle).toContain('open with "Hey"')
    expect(casual.styleAnalysis).toContain('words a sentence on average')
    const formal = analyzeStyle(FORMAL)
    expect(formal.suggestedTraits.vocabulary).toBe('advanced')
    expect(formal.suggestions.join(' ')).toMatch(/simpler|shorter/)
    expect(formal.suggestions).not.toEqual(casual.suggestions)
  })
})
