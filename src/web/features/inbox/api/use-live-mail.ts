import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { reloadMail } from './sync-mail'

/** Events that mean "the mailbox changed": a sync saw something, or an action landed. */
const CHANGE_EVENTS = ['sync.done', 'mail.changed'] as const

/**
 * Keeps the open app live: the server streams this user's events (GET /api/events, from
 * whichever instance saw the change) and the lists, the open thread and the badge reload from
 * the cache when the mailbox changed. A burst of events reloads once. While the stream is
 * open, the server also keeps polling Gmail for this mailbox.
 */
export function useLiveMail(enabled: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource('/api/events')
    let timer: ReturnType<typeof setTimeout> | undefined
    const onChange = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as { changed?: number }
      if (data.changed === 0) return
      clearTimeout(timer)
      timer = setTimeout(() => void reloadMail(queryClient), 150)
    }
    for (const type of CHANGE_EVENTS) source.addEventListener(type, onChange)
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [enabled, queryClient])
}
