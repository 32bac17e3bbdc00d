/**
 * `npm run eval:writing`: a fixed case set (contacts × requests, in the four languages) written
 * by the configured provider (AI_PROVIDER…, or the offline writer), through the same factory
 * and prompt builder as the app. Prints figures; not a pass/fail test.
 */
import { generateText } from 'ai'
import { loadConfig, loadDotEnv } from '../../../config.js'
import { buildPrompt, type Language, type SentenceStructure, type WritingBrief } from '../prompt.js'
import { createWriterModel } from '../writer/models.js'
import {
  averageSentenceLength,
  detectLanguage,
  hasGreeting,
  hasSignoff,
  ISO_CODE,
  placeholderLeaks,
} from './checks.js'

type Contact = Pick<
  WritingBrief['recipient'],
  'name' | 'tone' | 'formality' | 'language' | 'greeting' | 'signoff' | 'memory'
>

const CONTACTS: Contact[] = [
  {
    name: 'Grace Hopper',
    tone: 'professional',
    formality: 'formal',
    language: 'english',
    greeting: 'Dear',
    signoff: 'Best regards',
    memory: 'Reviewed the compiler roadmap in October',
  },
  {
    name: 'Sam Rivera',
    tone: 'casual',
    formality: 'informal',
    language: 'english',
    greeting: 'Hey',
    signoff: 'Cheers',
    memory: null,
  },
  {
    name: 'Ana García',
    tone: 'friendly',
    formality: 'informal',
    language: 'spanish',
    greeting: 'Hola',
    signoff: 'Un abrazo',
    memory: 'Prefiere reuniones por la mañana',
  },
  {
    name: 'Javier Ruiz',
    tone: 'formal',
    formality: 'formal',
    language: 'spanish',
    greeting: 'Estimado',
    signoff: 'Atentamente',
    memory: null,
  },
  {
    name: 'Chloé Martin',
    tone: 'friendly',
    formality: 'informal',
    language: 'french',
    greeting: 'Salut',
    signoff: 'À bientôt',
    memory: null,
  },
  {
    name: 'Pierre Dubois',
    tone: 'professional',
    formality: 'formal',
    language: 'french',
    greeting: 'Bonjour',
    signoff: 'Cordialement',
    memory: 'Contrat signé en septembre',
  },
  {
    name: 'Jonas Weber',
    tone: 'casual',
    formality: 'informal',
    language: 'german',
    greeting: 'Hallo',
    signoff: 'Viele Grüße',
    memory: null,
  },
  {
    name: 'Dr. Katrin Schmidt',
    tone: 'formal',
    formality: 'formal',
    language: 'german',
    greeting: 'Sehr geehrte',
    signoff: 'Mit freundlichen Grüßen',
    memory: null,
  },
]

const REQUESTS = [
  'Ask for the Q3 report by Friday',
  'Thank them for their help with the product launch',
  'Apologize for the delay on the invoice and promise it by Monday',
  'Propose a meeting next week to discuss the budget',
  'Congratulate them on their promotion',
  'Give a short update on the website redesign',
]

const STRUCTURES: SentenceStructure[] = ['short', 'mixed', 'long']
/** Words a sentence each structure aims at. */
const TARGET: Record<SentenceStructure, [number, number]> = {
  short: [0, 12],
  mixed: [10, 20],
  long: [18, Infinity],
}

type Result = {
  language: Language
  structure: SentenceStructure
  languageOk: boolean
  greetingOk: boolean
  signoffOk: boolean
  leaks: string[]
  sentenceLength: number
  text: string
}

const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`

async function main() {
  loadDotEnv()
  const config = loadConfig()
  const { model, writer } = createWriterModel(config.ai, {
    offlinePace: { firstTokenDelayMs: 0, tokensPerSecond: Infinity },
  })
  const label = writer.offline ? 'the offline writer' : `${writer.provider} ${writer.model}`
  console.log(`Writing ${CONTACTS.length * REQUESTS.length} e-mails with ${label}…`)

  const results: Result[] = []
  let index = 0
  for (const contact of CONTACTS) {
    for (const request of REQUESTS) {
      const structure = STRUCTURES[index++ % STRUCTURES.length]!
      const brief: WritingBrief = {
        kind: 'generate-email',
        instruction: null,
        refine: null,
        variation: index,
        senderName: 'Alex Morgan',
        recipient: { ...contact, email: null, context: null, source: 'contact' },
        profile: {
          tone: 'professional',
          style: 'concise',
          vocabulary: 'standard',
          sentenceStructure: structure,
          personalityTraits: [],
          commonPhrases: [],
          avoidPhrases: [],
          signatureStyle: null,
          exampleText: null,
        },
        conversation: [],
        request,
        originalEmail: null,
        subject: null,
      }
      const { system, prompt } = buildPrompt(brief)
      const { text } = await generateText({
        model,
        system,
        prompt,
        maxRetries: config.ai.maxRetries,
        timeout: config.ai.timeoutMs,
      })
      results.push({
        language: contact.language,
        structure,
        languageOk: detectLanguage(text) === ISO_CODE[contact.language],
        greetingOk: hasGreeting(text, contact.greeting),
        signoffOk: hasSignoff(text, contact.signoff),
        leaks: placeholderLeaks(text),
        sentenceLength: averageSentenceLength(text),
        text,
      })
    }
  }

  const n = results.length
  const count = (f: (r: Result) => boolean) => results.filter(f).length
  console.log(
    `\nIn the contact's language (tinyld): ${percent(
      count((r) => r.languageOk),
      n,
    )}`,
  )
  for (const language of Object.keys(ISO_CODE) as Language[]) {
    const of = results.filter((r) => r.language === language)
    console.log(
      `  ${language.padEnd(8)} ${percent(of.filter((r) => r.languageOk).length, of.length)}`,
    )
  }
  console.log(
    `With the contact's greeting: ${percent(
      count((r) => r.greetingOk),
      n,
    )}`,
  )
  console.log(
    `With the contact's sign-off: ${percent(
      count((r) => r.signoffOk),
      n,
    )}`,
  )
  const leaks = results.flatMap((r) => r.leaks)
  console.log(`Placeholder leaks ("[Name]", "{{", "<recipient>"): ${leaks.length}`)
  if (leaks.length) console.log(`  e.g. ${[...new Set(leaks)].slice(0, 5).join(', ')}`)
  console.log('Sentence length against the profile (words a sentence):')
  for (const structure of STRUCTURES) {
    const of = results.filter((r) => r.structure === structure)
    const average = of.reduce((sum, r) => sum + r.sentenceLength, 0) / Math.max(of.length, 1)
    const [low, high] = TARGET[structure]
    const within = of.filter((r) => r.sentenceLength >= low && r.sentenceLength <= high).length
    const range = Number.isFinite(high) ? `${low}–${high}` : `${low}+`
    console.log(
      `  ${structure.padEnd(6)} target ${range.padEnd(6)} average ${average.toFixed(1)}, within target ${percent(within, of.length)}`,
    )
  }
  const failing = results.find(
    (r) => !r.languageOk || !r.greetingOk || !r.signoffOk || r.leaks.length,
  )
  if (failing)
    console.log(`\nFirst draft that missed a check (${failing.language}):\n${failing.text}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
