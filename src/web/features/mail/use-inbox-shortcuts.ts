import { useEffect, useRef } from 'react'

export type ShortcutKey =
  | 'j'
  | 'k'
  | 'o'
  | 'Enter'
  | 'e'
  | 's'
  | '#'
  | 'r'
  | 'a'
  | 'f'
  | 'c'
  | '/'
  | '?'
  | 'Escape'
  | 'x'
  | 'l'
  | 'v'
  | 'b'
  | 'z'
  // Gmail's "go to" pairs: g, then the view's key.
  | 'g i'
  | 'g s'
  | 'g t'
  | 'g a'
  | 'g d'

/** How long a `g` waits for its second key. */
const SEQUENCE_MS = 1500

/** Gmail's "go to" pairs, and where each goes. */
export const GO_TO = {
  'g i': '/inbox',
  'g s': '/app/starred',
  'g t': '/app/sent',
  'g a': '/app/all',
  'g d': '/drafts',
} as const satisfies Partial<Record<ShortcutKey, string>>

/** The "go to" keys' handlers, for a screen that can navigate. */
export const goToKeys = (navigate: (path: string) => void) =>
  Object.fromEntries(
    Object.entries(GO_TO).map(([key, path]) => [key, () => navigate(path)]),
  ) as Record<keyof typeof GO_TO, () => void>

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
  { keys: ['x'], description: 'Select conversation' },
  { keys: ['l'], description: 'Label as' },
  { keys: ['v'], description: 'Move to' },
  { keys: ['b'], description: 'Snooze' },
  { keys: ['z'], description: 'Undo the last action' },
  { keys: ['Shift+Z'], description: 'Undo send, while its toast shows' },
  { keys: ['c'], description: 'Compose' },
  { keys: ['g', 'i'], description: 'Go to Inbox' },
  { keys: ['g', 's'], description: 'Go to Starred' },
  { keys: ['g', 't'], description: 'Go to Sent' },
  { keys: ['g', 'a'], description: 'Go to All mail' },
  { keys: ['g', 'd'], description: 'Go to Drafts' },
  { keys: ['/'], description: 'Search' },
  { keys: ['Esc'], description: 'Clear the selection, or back to the list' },
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
    // When the last `g` was pressed: the next key within SEQUENCE_MS completes a pair.
    let gAt = 0
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (event.isComposing || isTypingTarget(event.target) || overlayOpen()) return
      const now = performance.now()
      const paired = gAt !== 0 && now - gAt < SEQUENCE_MS
      gAt = 0
      if (paired) {
        const pairHandler = ref.current[`g ${event.key}` as ShortcutKey]
        if (pairHandler) {
          event.preventDefault()
          pairHandler()
        }
        return
      }
      if (event.key === 'g') {
        gAt = now || 1
        return
      }
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
