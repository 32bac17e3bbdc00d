import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { afterPaint } from '../../lib/after-paint'

/**
 * Opening an unread conversation marks it read, once it has been shown: its messages are here
 * (the request would compete with theirs), painted, and the page is visible. A conversation
 * opened by archiving the one before it, in a tab in the background, stays unread until the
 * reader looks. Only the state it opened in counts: one opened read and then marked unread
 * must stay unread.
 */
export function useMarkReadWhenShown(unread: boolean | undefined, markRead: () => void) {
  const [openedUnread, setOpenedUnread] = useState<boolean | null>(null)
  if (unread !== undefined && openedUnread === null) setOpenedUnread(unread)
  const markReadRef = useRef(markRead)
  useLayoutEffect(() => {
    markReadRef.current = markRead
  })
  const marked = useRef(false)

  useEffect(() => {
    if (!openedUnread || marked.current) return
    let cancelPaint = () => {}
    const markOnceShown = () => {
      if (document.visibilityState !== 'visible') return false
      cancelPaint = afterPaint(() => {
        if (marked.current || document.visibilityState !== 'visible') return
        marked.current = true
        markReadRef.current()
      })
      return true
    }
    if (markOnceShown()) return () => cancelPaint()
    const onVisible = () => {
      if (markOnceShown()) document.removeEventListener('visibilitychange', onVisible)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      cancelPaint()
    }
  }, [openedUnread])
}
