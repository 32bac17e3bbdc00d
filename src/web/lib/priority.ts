/** A thread's priority, derived on the client by the spec's rules and shown as a chip. */
export type Priority = 'urgent' | 'important' | 'normal'

export const URGENT_WORDS = [
  'urgent',
  'asap',
  'emergency',
  'critical',
  'deadline',
  'today',
] as const
export const IMPORTANT_WORDS = ['important', 'meeting', 'review', 'approval', 'signature'] as const

// A word must start at a word boundary ("Meetings", "URGENT:", "#review" count) so that
// "unimportant" or "nontoday" do not; endings stay open so plurals and "reviewed" still match.
const startsWord = (words: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})`, 'iu')

const URGENT = startsWord(URGENT_WORDS)
const IMPORTANT = startsWord(IMPORTANT_WORDS)

export type PriorityInput = { subject: string; snippet: string; isStarred: boolean }

/**
 * 'urgent' when the subject or snippet names an urgent word, otherwise 'important' when it
 * names an important one or the thread is starred, otherwise 'normal'.
 */
export function threadPriority({ subject, snippet, isStarred }: PriorityInput): Priority {
  const text = `${subject}\n${snippet}`
  if (URGENT.test(text)) return 'urgent'
  if (isStarred || IMPORTANT.test(text)) return 'important'
  return 'normal'
}
