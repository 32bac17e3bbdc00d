import { useEffect, useRef } from 'react'

export type ShortcutKey =
  'j' | 'k' | 'o' | 'Enter' | 'e' | 's' | '#' | 'r' | 'a' | 'f' | 'c' | '/' | '?' | 'Escape'

/** The list the '?' dialog shows (decision 033). */
export const SHORTCUTS: { keys: string[]; description: string }[] = [
  { keys: ['j'], description: 'Next conversation' },
  { keys: ['k'], description: 'Previous conversation' },
  { keys: ['o', 'Enter'], description: 'Open conversation' },
  { keys: ['e'], description: 'Archive' },
  { keys: ['s'], description: 'Star or unstar' },
  { keys: ['#'], description: 'Delete' },
  { keys: ['r'], description: 'Reply' },
  { keys: ['a'], description: 'Reply all' },
  { keys: ['f'], description: 'Forward' },
  { keys: ['c'], description: 'Compose' },
  { keys: ['/'], description: 'Search' },
  { keys: ['Esc'], description: 'Back to the list' },
  { keys: ['?'], description: 'Show keyboard shortcuts' },
]

/** Text fields keep their keys: shortcuts are off while the user types (decision 033). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
}

/** A dialog or menu is open: its own keys win (Escape closes it, Enter picks an item). */
const overlayOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null

/** Gmail's single-key shortcuts on the inbox screen. */
export function useInboxShortcuts(handlers: Partial<Record<ShortcutKey, () => void>>): void {
  const ref = useRef(handlers)
  useEffect(() => {
    ref.current = handlers
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (event.isComposing || isTypingTarget(event.target) || overlayOpen()) return
      const key = event.key as ShortcutKey
      const handler = ref.current[key]
      if (!handler) return
      // Enter on a button or link is that control's own click.
      if (
        key === 'Enter' &&
        event.target instanceof HTMLElement &&
        event.target.closest('button, a, [role="button"]')
      ) {
        return
      }
      // Holding a key repeats only movement, never an archive or delete.
      if (event.repeat && key !== 'j' && key !== 'k') return
      event.preventDefault()
      handler()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
