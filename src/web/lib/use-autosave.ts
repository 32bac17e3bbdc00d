import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useDebouncedCallback } from './use-debounced-callback'

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed'

export type AutosaveOptions<T> = {
  /** Quiet time after the last change before saving (the spec's 2000 ms for contacts). */
  delay: number
  save: (value: T) => Promise<unknown>
  onError: (error: unknown) => void
  /** What the server already holds: saving it again is skipped. */
  initial?: T
}

/**
 * Saves a value some time after it stops changing. Saves never overlap: a change made while
 * one is on the wire waits for it, and only the newest waiting value is written. A value equal
 * to the last one saved is not sent again.
 */
export function useAutosave<T>({ delay, save, onError, initial }: AutosaveOptions<T>) {
  const [status, setStatus] = useState<AutosaveStatus>('idle')
  const saveRef = useRef(save)
  const onErrorRef = useRef(onError)
  useLayoutEffect(() => {
    saveRef.current = save
    onErrorRef.current = onError
  })
  const lastSaved = useRef(initial === undefined ? null : JSON.stringify(initial))
  const next = useRef<{ value: T } | null>(null)
  const running = useRef<Promise<boolean> | null>(null)
  const lastFailed = useRef(false)

  const drain = useCallback((): Promise<boolean> => {
    if (running.current) return running.current
    running.current = (async () => {
      let attempted = false
      let failed = false
      while (next.current) {
        const { value } = next.current
        next.current = null
        const key = JSON.stringify(value)
        if (key === lastSaved.current) continue
        attempted = true
        setStatus('saving')
        try {
          await saveRef.current(value)
          lastSaved.current = key
          failed = false
        } catch (error) {
          failed = true
          onErrorRef.current(error)
        }
      }
      running.current = null
      if (attempted) {
        lastFailed.current = failed
        setStatus(failed ? 'failed' : 'saved')
      }
      return !lastFailed.current
    })()
    return running.current
  }, [])

  const debounced = useDebouncedCallback((value: T) => {
    next.current = { value }
    void drain()
  }, delay)

  return useMemo(
    () => ({
      status,
      /** Saves `value` once `delay` ms pass without another change. */
      schedule: (value: T) => debounced.run(value),
      /** Forgets a change that has not been sent yet. */
      cancel: () => debounced.cancel(),
      /** Sends a waiting change now; resolves, once nothing is on the wire, to "all saved". */
      flush: (): Promise<boolean> => {
        debounced.flush()
        return running.current ?? Promise.resolve(!lastFailed.current)
      },
      /** Resolves once no save is on the wire (a waiting change stays waiting). */
      idle: (): Promise<boolean> => running.current ?? Promise.resolve(!lastFailed.current),
    }),
    [status, debounced],
  )
}
