import { useEffect, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { SCHEDULED_KEY } from '../scheduled/scheduled-api'
import { heardScheduledChange, type ScheduledChange } from '../scheduled/scheduled-changes'
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
    let source: EventSource | null = null
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
    const onScheduled = (event: MessageEvent<string>) => {
      heardScheduledChange(JSON.parse(event.data) as ScheduledChange)
      void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY })
    }
    // A Refresh waiting for its sync hears that it failed.
    const onFailed = (event: MessageEvent<string>) =>
      heardSyncOutcome(JSON.parse(event.data) as SyncOutcomeEvent)
    const stop = () => {
      if (!source) return
      source.close()
      source = null
      syncStreamOpen(false)
    }
    const open = () => {
      const opened = new EventSource('/api/events')
      source = opened
      syncStreamOpen(true)
      for (const type of CHANGE_EVENTS) opened.addEventListener(type, onChange)
      opened.addEventListener('sync.failed', onFailed)
      // Scheduled mail moved, went, failed or was cancelled (decision 053): the Scheduled view,
      // and "Email sent" after an Undo send window.
      opened.addEventListener('scheduled.changed', onScheduled)
      // The server closed this tab's stream for a newer tab of the session (decision 043):
      // reconnecting by itself would close another, so it waits for this tab to be used.
      opened.addEventListener('stream.replaced', stop)
      // A refused stream (429: too many tabs) is not retried by the browser: the same wait.
      opened.addEventListener('error', () => {
        if (opened.readyState === EventSource.CLOSED && source === opened) stop()
      })
    }
    // Back in a tab whose stream was closed: open it again, and catch up on what it missed.
    const onReturn = () => {
      if (source || document.visibilityState !== 'visible') return
      open()
      void reloadMail(queryClient)
    }
    open()
    window.addEventListener('focus', onReturn)
    document.addEventListener('visibilitychange', onReturn)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('focus', onReturn)
      document.removeEventListener('visibilitychange', onReturn)
      stop()
    }
  }, [enabled, queryClient])
}
