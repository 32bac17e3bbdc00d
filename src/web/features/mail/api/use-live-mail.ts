import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { reloadMail } from './sync-mail'
import { heardSyncOutcome, syncStreamOpen, type SyncOutcomeEvent } from './sync-outcomes'

/**
 * Events that mean "the mailbox changed": a sync saw something, an action landed, or the
 * backfill brought older mail (the list also carries its progress line).
 */
const CHANGE_EVENTS = ['sync.done', 'mail.changed', 'mail.backfill'] as const

/**
 * Keeps the open app live: the server streams this user's events (GET /api/events, from
 * whichever instance saw the change) and the lists, the open thread and the badge reload from
 * the cache when the mailbox changed. A burst of events reloads once. While the stream is
 * open, the server also keeps polling Gmail for this mailbox.
 */
export function useLiveMail(enabled: boolean, onSyncDone?: (event: unknown) => void) {
  const queryClient = useQueryClient()
  // The newest handler, without reopening the stream when it changes.
  const syncDone = useRef(onSyncDone)
  useEffect(() => {
    syncDone.current = onSyncDone
  })
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource('/api/events')
    syncStreamOpen(true)
    let timer: ReturnType<typeof setTimeout> | undefined
    const onChange = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as { type?: string; changed?: number }
      if (data.type === 'sync.done') {
        heardSyncOutcome(data as SyncOutcomeEvent)
        // New mail may call for a sound or a desktop notification (decision 037).
        syncDone.current?.(data)
      }
      if (data.changed === 0) return
      clearTimeout(timer)
      timer = setTimeout(() => void reloadMail(queryClient), 150)
    }
    // A Refresh waiting for its sync hears that it failed.
    const onFailed = (event: MessageEvent<string>) =>
      heardSyncOutcome(JSON.parse(event.data) as SyncOutcomeEvent)
    for (const type of CHANGE_EVENTS) source.addEventListener(type, onChange)
    source.addEventListener('sync.failed', onFailed)
    return () => {
      clearTimeout(timer)
      syncStreamOpen(false)
      source.close()
    }
  }, [enabled, queryClient])
}
