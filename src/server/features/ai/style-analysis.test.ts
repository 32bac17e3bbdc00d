import { describe, expect, it } from 'vitest'
import { WritingProfileInputSchema } from '../../../contract/profiles.js'
import { LETTERS, NOTES } from '../../test/letters.js'
import { extractSampleText } from './sample-extraction.js'
import { analyzeStyle, voice } from './style-analysis.js'
import { detectLanguage } from './style/detect.js'
import { greetingOn, signoffOn } from './style/formulas.js'
import { ALL_LANGUAGES, type Language } from './style/languages.js'
import { learnFromSentTexts, shareBudget } from './style/learn.js'
import { measure, measureStyle, syllables } from './style/measure.js'
import { profileForLanguage, type ProfileVoice } from './style/profile-for-language.js'
import { splitSections } from './style/sections.js'

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

const LETTER_CASES = ALL_LANGUAGES.flatMap((language) =>
  (['casual', 'formal'] as const).map((kind) => ({ language, kind, ...LETTERS[language][kind] })),
)

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

  it('suggests fewer exclamation marks for a habit, not for one', () => {
    expect(analyzeStyle(CASUAL).suggestions.join(' ')).toContain('exclamation marks')
    expect(analyzeStyle(LETTERS.german.casual.text).suggestions.join(' ')).not.toContain(
      'exclamation',
    )
  })
})

describe('style analysis in four languages', () => {
  it.each(LETTER_CASES)(
    'reads the $kind $language letter as $formality, opening with "$greeting" and closing with "$signoff"',
    ({ language, text, formality, greeting, signoff }) => {
      const measured = measure(text)
      expect(measured.language).toBe(language)
      expect(measured.metrics.formality).toBe(formality)
      expect(measured.metrics.greetings).toEqual([greeting])
      expect(measured.metrics.signoffs).toEqual([signoff])
    },
  )

  it('weighs the familiar and the polite "you" of each language', () => {
    const markers = (language: Language, kind: 'casual' | 'formal') =>
      measureStyle(LETTERS[language][kind].text).formalityMarkers.join(' | ')
    expect(markers('german', 'casual')).toContain('"du" forms')
    expect(markers('german', 'formal')).toContain('"Sie" forms')
    expect(markers('spanish', 'casual')).toContain('"tú" forms')
    expect(markers('spanish', 'formal')).toContain('"usted" forms')
    expect(markers('french', 'casual')).toContain('"tu" forms')
    expect(markers('french', 'formal')).toContain('"vous" forms')
    // German "Sie" is also "she" and "they": not at the start of a sentence, where it is capitalised anyway.
    expect(
      measureStyle('Sie hat gestern angerufen. Morgen kommt sie wieder.', 'german')
        .formalityMarkers,
    ).toEqual([])
    expect(
      measureStyle('Können Sie morgen kommen? Wir warten auf Sie.', 'german').formalityMarkers,
    ).toEqual(['2 "Sie" forms'])
  })

  it('does not take French elisions for casual contractions', () => {
    const m = measureStyle(
      "Madame,\n\nC'est avec plaisir que je vous confirme l'envoi du dossier. J'ai joint l'attestation qu'il vous fallait.\n\nBien à vous,\nPierre",
    )
    expect(m.formality).toBe('formal')
    expect(m.formalityMarkers.join(' ')).not.toContain('contraction')
  })

  it.each([
    ['Sehr geehrte Frau Dr. Weber,', 'greeting', 'Sehr geehrte', 'formal'],
    ['Lieber Jonas,', 'greeting', 'Lieber', 'informal'],
    ['Liebe Grüße', 'sign-off', 'Liebe Grüße', 'informal'],
    ['Mit freundlichen Grüßen', 'sign-off', 'Mit freundlichen Grüßen', 'formal'],
    ['Viele Grüße aus Köln', 'sign-off', 'Viele Grüße aus Köln', 'neutral'],
    ['Estimado Sr. López:', 'greeting', 'Estimado', 'formal'],
    ['Hola Ana,', 'greeting', 'Hola', 'informal'],
    ['Saludos cordiales,', 'sign-off', 'Saludos cordiales', 'formal'],
    ['Un abrazo', 'sign-off', 'Un abrazo', 'informal'],
    ['Madame, Monsieur,', 'greeting', 'Madame, Monsieur', 'formal'],
    ['Salut Marie !', 'greeting', 'Salut', 'informal'],
    [
      "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.",
      'sign-off',
      "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées",
      'formal',
    ],
    ['À bientôt !', 'sign-off', 'À bientôt', 'informal'],
    ['Bises', 'sign-off', 'Bises', 'informal'],
    ['Hi Priya,', 'greeting', 'Hi', 'informal'],
    ['Dear Ms Carter,', 'greeting', 'Dear', 'formal'],
    ['Cheers, Alex', 'sign-off', 'Cheers', 'informal'],
    ['Sincerely,', 'sign-off', 'Sincerely', 'formal'],
  ] as const)('finds %j as a %s "%s" (%s)', (line, kind, text, register) => {
    const found = kind === 'greeting' ? greetingOn(line, null) : signoffOn(line, null)
    expect(found).toMatchObject({ text, register })
    // A sign-off is never also read as a greeting ("Liebe Grüße" is not "Liebe …,").
    if (kind === 'sign-off') expect(greetingOn(line, null)?.text).not.toBe(text)
  })

  it.each(['Werte über 5 sind kritisch.', 'Monsieur Dupont a appelé.', 'Hi all.'])(
    'reads the sentence %j as prose, not a greeting',
    (line) => {
      expect(greetingOn(line, null)).toBeNull()
      expect(measureStyle(`${line}\nWir melden uns.`).greetings).toEqual([])
    },
  )

  it('reads "Salut" as a greeting before the text and as a sign-off after it', () => {
    const m = measureStyle(
      'Salut Marie,\n\nOn se voit demain au bureau, je te rapporte ton livre.\n\nSalut !',
    )
    expect(m.greetings).toEqual(['Salut'])
    expect(m.signoffs).toEqual(['Salut'])
  })

  it('counts syllables in each language', () => {
    expect(syllables('día', 'spanish')).toBe(2)
    expect(syllables('ciudad', 'spanish')).toBe(2)
    expect(syllables('poeta', 'spanish')).toBe(3)
    expect(syllables('petite', 'french')).toBe(2)
    expect(syllables('journée', 'french')).toBe(2)
    expect(syllables('Grüße', 'german')).toBe(2)
    expect(syllables('freundlichen', 'german')).toBe(3)
  })

  it.each(ALL_LANGUAGES)(
    'measures readability with a formula made for %s, so a casual letter reads as easy',
    (language) => {
      const measured = measure(LETTERS[language].casual.text)
      expect(measured.metrics.readability).toBeGreaterThanOrEqual(60)
      expect(measured.metrics.vocabularyLevel).not.toBe('advanced')
      expect(analyzeStyle(LETTERS[language].casual.text).styleAnalysis).toContain(
        measured.readabilityFormula,
      )
    },
  )

  it('names the formula of each language', () => {
    expect(measure(LETTERS.german.casual.text).readabilityFormula).toMatch(/Amstad/)
    expect(measure(LETTERS.spanish.casual.text).readabilityFormula).toMatch(/Szigriszt/)
    expect(measure(LETTERS.french.casual.text).readabilityFormula).toMatch(/Kandel/)
    expect(measure(LETTERS.english.casual.text).readabilityFormula).toMatch(/Flesch/)
  })
})

/** The analysis' own words: what it quotes from the sample is the writer's, not ours. */
const ownWords = (text: string) => text.replace(/"[^"]*"/g, '""')
const DOUBLED = /(?<!\p{L})(\p{L}+)[\s,;:()]+\1(?!\p{L})/iu

describe('the analysis texts', () => {
  it('says each adjective of the voice once', () => {
    expect(voice('formal', 'formal')).toBe('a formal voice')
    expect(voice('casual', 'informal')).toBe('a casual voice')
    expect(voice('friendly', 'formal')).toBe('a friendly, formal voice')
    expect(voice('empathetic', 'informal')).toBe('an empathetic, informal voice')
    expect(voice('professional', 'formal')).toBe('a professional, formal voice')
  })

  it('never doubles a word, whatever the sample', () => {
    const mixed = learnFromSentTexts(
      [...Object.values(LETTERS).flatMap((l) => [l.casual.text, l.formal.text]), FORMAL, CASUAL],
      50_000,
    )!
    const analyses = [
      ...LETTER_CASES.map((c) => analyzeStyle(c.text)),
      analyzeStyle(FORMAL),
      analyzeStyle(CASUAL),
      analyzeStyle('Ok.'),
      mixed.analysis,
    ]
    // The formal letters have a formal tone: the sentence that said "a formal, formal voice".
    expect(analyses.filter((a) => a.metrics.tone === 'formal').length).toBeGreaterThan(2)
    for (const analysis of analyses) {
      for (const text of [analysis.styleAnalysis, analysis.learnedStyle, ...analysis.suggestions]) {
        expect(ownWords(text), text).not.toMatch(DOUBLED)
        expect(ownWords(text), text).not.toMatch(/\ba [aeiou]/i)
      }
    }
  })

  it('says which language a sample is in', () => {
    expect(analyzeStyle(LETTERS.german.casual.text).learnedStyle).toMatch(
      /^In German you write in a casual voice/,
    )
    expect(analyzeStyle(LETTERS.english.formal.text).learnedStyle).toMatch(
      /^You write in a formal voice/,
    )
  })
})

describe('learning from sent mail, one analysis per language', () => {
  /** A sent-mail folder: mostly English, some German, a little Spanish and French. */
  const SENT = [
    ...NOTES.english,
    LETTERS.german.casual.text,
    LETTERS.english.formal.text,
    ...NOTES.german,
    LETTERS.spanish.casual.text,
    'OK',
    LETTERS.english.casual.text,
    ...NOTES.spanish,
    LETTERS.french.casual.text,
    '👍',
    ...NOTES.french,
    LETTERS.german.formal.text,
  ]

  it('groups the messages by language and analyses each group', () => {
    const learned = learnFromSentTexts(SENT, 50_000)!
    expect(learned.messageCount).toBe(SENT.length)
    expect(learned.languages.map((l) => [l.language, l.messageCount])).toEqual([
      ['english', 4],
      ['german', 3],
      ['spanish', 2],
      ['french', 2],
    ])
    const byLanguage = Object.fromEntries(learned.languages.map((l) => [l.language, l.analysis!]))
    expect(byLanguage.german!.metrics.greetings).toEqual(['Hallo', 'Sehr geehrte'])
    expect(byLanguage.german!.metrics.signoffs).toContain('Liebe Grüße')
    expect(byLanguage.spanish!.metrics).toMatchObject({
      formality: 'informal',
      greetings: ['Hola'],
      signoffs: ['Un abrazo'],
    })
    expect(byLanguage.french!.metrics).toMatchObject({
      formality: 'informal',
      greetings: ['Salut'],
      signoffs: ['Bises'],
    })
    expect(byLanguage.english!.metrics.greetings[0]).toBe('Hi')
    // No English greeting in the German analysis: the groups are not mixed.
    expect(byLanguage.german!.metrics.greetings).not.toContain('Hi')
  })

  it('keeps a section per language in the sample, which the profile can hold and analyse again', () => {
    const learned = learnFromSentTexts(SENT, 50_000)!
    expect(learned.sample).toMatch(/^=== English · 4 sent e-mails ===\n\nHi Priya,/)
    expect(learned.sample).toContain('=== German · 3 sent e-mails ===')
    expect(WritingProfileInputSchema.shape.exampleText.safeParse(learned.sample).success).toBe(true)
    const sections = splitSections(learned.sample)
    expect(sections.map((s) => s.language)).toEqual(['english', 'german', 'spanish', 'french'])
    // The same text gives the same analysis: what the dialog shows is what a draft will use.
    expect(analyzeStyle(learned.sample)).toEqual(learned.analysis)
    expect(learned.analysis.suggestedTraits).toEqual(
      learned.languages[0]!.analysis!.suggestedTraits,
    )
    expect(learned.analysis.learnedStyle.split('\n')).toEqual(
      learned.languages.map((l) => l.analysis!.learnedStyle),
    )
  })

  it('reports a language with too few words without analysing it', () => {
    const learned = learnFromSentTexts(
      [...NOTES.english, LETTERS.english.formal.text, 'Danke dir!'],
      50_000,
    )!
    expect(learned.languages).toMatchObject([
      { language: 'english', messageCount: 3 },
      { language: 'german', messageCount: 1, words: 2, analysis: null },
    ])
    expect(splitSections(learned.sample).map((s) => s.language)).toEqual(['english'])
  })

  it('tells the language of a short message by its greeting and sign-off', () => {
    // tinyld alone takes this one for Spanish.
    expect(detectLanguage('Hallo Jonas,\n\nbis morgen!\n\nLG\nAnna')).toBe('german')
    expect(detectLanguage('Salut !\n\nOn se voit ce soir ?\n\nBises')).toBe('french')
    expect(detectLanguage('OK')).toBeNull()
  })

  it('fits a large mailbox in the example text and keeps a small language whole', () => {
    const long = (i: number) =>
      `Hi team,\n\n${'This is the weekly update on the migration, with the numbers from the dashboard. '.repeat(12)}Item ${i}.\n\nBest,\nAlex`
    const learned = learnFromSentTexts(
      [
        ...Array.from({ length: 40 }, (_, i) => long(i)),
        ...NOTES.german,
        LETTERS.german.casual.text,
      ],
      50_000,
    )!
    expect(learned.sample.length).toBeLessThanOrEqual(20_000)
    const german = splitSections(learned.sample).find((s) => s.language === 'german')!
    expect(german.text).toContain('Hallo Lena')
    expect(german.text).toContain('Hallo Jonas')
    expect(shareBudget([100, 5000, 300], 1000)).toEqual([100, 600, 300])
  })

  it('has nothing to learn from messages without text', () => {
    expect(learnFromSentTexts(['', '  \n'], 50_000)).toBeNull()
  })
})

describe('a profile as a draft in the contact’s language reads it', () => {
  const learned = learnFromSentTexts(
    [...NOTES.english, LETTERS.english.casual.text, ...NOTES.german, LETTERS.german.casual.text],
    50_000,
  )!
  const english = learned.languages[0]!.analysis!
  const german = learned.languages[1]!.analysis!
  /** The profile as the dialog saves it after "Learn from my sent mail" and "Apply". */
  const profile: ProfileVoice & { id: string } = {
    id: 'p1',
    ...english.suggestedTraits,
    personalityTraits: ['warm'],
    commonPhrases: ['see you at ten', 'Schönen Abend noch'],
    avoidPhrases: [],
    signatureStyle: english.suggestedTraits.signatureStyle,
    exampleText: learned.sample,
  }

  it('uses the German section for a German contact', () => {
    expect(profile.signatureStyle).toBe('Cheers')
    const read = profileForLanguage(profile, 'german')
    expect(read.exampleText).toContain('Hallo Jonas')
    expect(read.exampleText).not.toContain('Hi Priya')
    expect(read.exampleText).not.toContain('===')
    expect(read.signatureStyle).toBe(german.metrics.signoffs[0])
    expect(['LG', 'Liebe Grüße']).toContain(read.signatureStyle)
    expect(read.commonPhrases).not.toContain('see you at ten')
    expect(read.learned).toMatchObject({
      language: 'german',
      matchesLanguage: true,
      messageCount: 2,
      greeting: 'Hallo',
      formality: 'informal',
      learnedStyle: german.learnedStyle,
    })
    expect(read.id).toBe('p1')
  })

  it('uses the English section for an English contact', () => {
    const read = profileForLanguage(profile, 'english')
    expect(read.exampleText).toContain('Hi Priya')
    expect(read.exampleText).not.toContain('Hallo')
    expect(read.signatureStyle).toBe('Cheers')
    expect(read.tone).toBe(english.suggestedTraits.tone)
    expect(read.learned).toMatchObject({
      language: 'english',
      matchesLanguage: true,
      greeting: 'Hi',
    })
  })

  it('takes a learned trait from the contact’s language, and keeps one the user chose', () => {
    const changed = { ...profile, sentenceStructure: 'long' as const }
    const read = profileForLanguage(changed, 'german')
    expect(read.sentenceStructure).toBe('long')
    expect(read.style).toBe(german.suggestedTraits.style)
  })

  it('drops a sign-off of another language when the profile has nothing in the contact’s', () => {
    const read = profileForLanguage(profile, 'french')
    expect(read.signatureStyle).toBeNull()
    expect(read.exampleText).toContain('Hi Priya')
    expect(read.learned).toMatchObject({ language: 'english', matchesLanguage: false })
  })

  it('reads a typed sample in its own language, and a profile without one by its sign-off', () => {
    const typed = {
      ...profile,
      exampleText: LETTERS.spanish.formal.text,
      signatureStyle: 'Atentamente',
    }
    expect(profileForLanguage(typed, 'spanish').learned).toMatchObject({
      language: 'spanish',
      matchesLanguage: true,
      messageCount: null,
      formality: 'formal',
    })
    expect(profileForLanguage(typed, 'spanish').signatureStyle).toBe('Atentamente')
    const bare = { ...profile, exampleText: null }
    expect(profileForLanguage(bare, 'spanish')).toMatchObject({
      signatureStyle: null,
      learned: null,
    })
    expect(profileForLanguage(bare, 'english').signatureStyle).toBe('Cheers')
    expect(profileForLanguage({ ...bare, signatureStyle: '— Ada' }, 'german').signatureStyle).toBe(
      '— Ada',
    )
  })
})

/** A one-page PDF with one line of Helvetica per line of `text` (a blank line is a paragraph gap). */
function letterPdf(text: string): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, '\\$&')
  const lines = text.split('\n').map((line) => `(${escape(line)}) Tj T*`)
  const stream = ['BT /F1 11 Tf 14 TL 72 740 Td', ...lines, 'ET'].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    // WinAnsiEncoding: the accented letters of the four languages are one byte each, as in latin1.
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((object, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

// Each PDF is read in a reader process of its own (decision 041).
describe('samples read from a PDF keep their lines', { timeout: 60_000 }, () => {
  it.each(LETTER_CASES)(
    'finds the greeting and sign-off of the $kind $language letter in its PDF',
    async ({ text, formality, greeting, signoff }) => {
      const extracted = await extractSampleText({
        filename: 'letter.pdf',
        mimeType: 'application/pdf',
        contentBase64: letterPdf(text).toString('base64'),
      })
      expect(extracted.split('\n')).toContain(text.split('\n')[0])
      const m = measureStyle(extracted)
      expect(m).toMatchObject({ greetings: [greeting], signoffs: [signoff], formality })
    },
  )

  it('refuses a .txt sample of binary bytes with a 400', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))
    await expect(
      extractSampleText({
        filename: 'sample.txt',
        mimeType: 'text/plain',
        contentBase64: bytes.toString('base64'),
      }),
    ).rejects.toMatchObject({ statusCode: 400 })
  })
})
