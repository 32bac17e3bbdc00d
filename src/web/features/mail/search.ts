import { useEffect, useState } from 'react'

/** How long typing pauses before the inbox asks the server again. */
export const SEARCH_DEBOUNCE_MS = 150

/**
 * The search the inbox runs for the text typed in its box (decision 024): the trimmed text
 * once typing pauses, so a word typed quickly is one request; a cleared box at once, so the
 * inbox (its pages already loaded) comes back without waiting.
 */
export function useSearchText(typed: string, delayMs = SEARCH_DEBOUNCE_MS): string {
  const text = typed.trim()
  const [settled, setSettled] = useState(text)
  // A cleared box forgets the last search now: typing again must not show its results.
  if (!text && settled) setSettled('')
  useEffect(() => {
    if (!text) return
    const timer = setTimeout(() => setSettled(text), delayMs)
    return () => clearTimeout(timer)
  }, [text, delayMs])
  return text ? settled : ''
}
