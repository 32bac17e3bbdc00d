/** The product's option sets (tones, languages, ... as the spec lists them), shared by the database, the API and the forms. */
export const CONTACT_TONES = ['professional', 'casual', 'friendly', 'formal'] as const
export const FORMALITIES = ['formal', 'informal'] as const
export const LANGUAGES = ['english', 'spanish', 'french', 'german'] as const
export const PROFILE_TONES = [...CONTACT_TONES, 'witty', 'direct', 'empathetic'] as const
export const PROFILE_STYLES = [
  'concise',
  'detailed',
  'conversational',
  'technical',
  'creative',
  'analytical',
] as const
export const VOCABULARIES = ['standard', 'simple', 'advanced', 'industry-specific'] as const
export const SENTENCE_STRUCTURES = ['short', 'long', 'mixed'] as const
export const EMAIL_THEMES = ['minimal', 'compact', 'colorful'] as const
export const PRIORITY_DISPLAYS = ['icons', 'text', 'colors', 'minimal'] as const
/** Undo send's windows in seconds, as Gmail offers them (0 = off). */
export const UNDO_SEND_SECONDS = [0, 5, 10, 20, 30] as const
/** Where archive or delete in an open conversation goes (Gmail's "auto-advance"). */
export const AFTER_ARCHIVE = ['list', 'next', 'previous'] as const
export const TICKET_TYPES = ['bug', 'feature', 'support', 'feedback'] as const
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const
export const PLANS = ['free', 'pro'] as const

export const DEFAULT_GREETING = 'Dear'
export const DEFAULT_SIGNOFF = 'Best regards'

/**
 * How a letter opens and closes in each language when nobody chose (no saved contact, and the
 * request's greeting and sign-off at the spec's English defaults above): a reply in Spanish
 * never opens "Dear" nor signs "Best regards". The formal ones need no one's gender
 * ("Buenos días", "Guten Tag"), which the writer does not know.
 */
export const LETTER_DEFAULTS: Record<
  (typeof LANGUAGES)[number],
  Record<(typeof FORMALITIES)[number], { greeting: string; signoff: string }>
> = {
  english: {
    formal: { greeting: DEFAULT_GREETING, signoff: DEFAULT_SIGNOFF },
    informal: { greeting: DEFAULT_GREETING, signoff: DEFAULT_SIGNOFF },
  },
  spanish: {
    formal: { greeting: 'Buenos días', signoff: 'Saludos cordiales' },
    informal: { greeting: 'Hola', signoff: 'Un saludo' },
  },
  french: {
    formal: { greeting: 'Bonjour', signoff: 'Cordialement' },
    informal: { greeting: 'Bonjour', signoff: 'Bien à vous' },
  },
  german: {
    formal: { greeting: 'Guten Tag', signoff: 'Mit freundlichen Grüßen' },
    informal: { greeting: 'Hallo', signoff: 'Viele Grüße' },
  },
}
