import { useEffect, useRef } from 'react'

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page and lose them?'

/** Marks the extra history entry the guard puts on top of the page (see Back below). */
const SENTINEL = 'inkwellLeaveGuard'

const onSentinel = () =>
  typeof window.history.state === 'object' &&
  window.history.state !== null &&
  SENTINEL in window.history.state

/**
 * An in-app link the click would follow: same origin, same tab, another address. Clicks the
 * browser handles itself (new tab, download, modifier keys) leave the page open and pass.
 */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement)) return false
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false
  const url = new URL(link.href, window.location.href)
  const here = window.location
  return (
    url.origin === here.origin && (url.pathname !== here.pathname || url.search !== here.search)
  )
}

/**
 * Asks before the user leaves a screen while `dirty` (unsaved text or settings): one rule for
 * Compose, the inline reply and Settings. It covers
 * - reload and closing the tab: the browser's own beforeunload prompt;
 * - in-app links (the sidebar...): a click handler in the capture phase, which runs before the
 *   router's and cancels the click when the user stays;
 * - Back: the router cannot cancel a popstate, so the guard puts a same-address entry on top of
 *   the page's; Back then lands on the page's own entry, and the guard either goes on back
 *   (confirmed, or nothing unsaved any more) or puts the entry back (the user stays).
 */
export function useLeaveGuard(dirty: boolean, message = LEAVE_MESSAGE): void {
  const dirtyRef = useRef(dirty)
  const messageRef = useRef(message)
  /** True while the page has its entry on top (pushed by this guard, or kept over a reload). */
  const guarded = useRef(false)
  useEffect(() => {
    dirtyRef.current = dirty
    messageRef.current = message
  })

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(messageRef.current)) return
      event.preventDefault()
      event.stopPropagation()
    }
    window.addEventListener('beforeunload', warn)
    document.addEventListener('click', click, true)
    if (!guarded.current) {
      guarded.current = true
      if (!onSentinel()) {
        const state: unknown = window.history.state
        const base = typeof state === 'object' && state !== null ? state : {}
        window.history.pushState({ ...base, [SENTINEL]: true }, '', window.location.href)
      }
    }
    return () => {
      window.removeEventListener('beforeunload', warn)
      document.removeEventListener('click', click, true)
    }
  }, [dirty])

  useEffect(() => {
    const back = () => {
      // Only Back from the guard's own entry, which lands on the page's entry (same address).
      if (!guarded.current || onSentinel()) return
      if (!dirtyRef.current || window.confirm(messageRef.current)) {
        guarded.current = false
        window.history.back()
      } else {
        window.history.pushState({ [SENTINEL]: true }, '', window.location.href)
      }
    }
    window.addEventListener('popstate', back)
    return () => window.removeEventListener('popstate', back)
  }, [])
}
