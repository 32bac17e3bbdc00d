import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'

export type DebouncedCallback<A extends unknown[]> = {
  /** Schedules a call with these arguments, replacing any call still waiting. */
  run: (...args: A) => void
  /** Drops the waiting call, if any. */
  cancel: () => void
  /** Makes the waiting call now, if there is one. */
  flush: () => void
  /** True while a call is waiting for its delay to pass. */
  isPending: () => boolean
}

/**
 * Calls `fn` once `delay` ms have passed without another `run`. The returned object is stable
 * for a given delay, always calls the latest `fn`, and drops a waiting call on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  delay: number,
): DebouncedCallback<A> {
  const fnRef = useRef(fn)
  useLayoutEffect(() => {
    fnRef.current = fn
  })
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const pending = useRef<{ args: A } | null>(null)

  const debounced = useMemo<DebouncedCallback<A>>(() => {
    const cancel = () => {
      if (timer.current !== null) clearTimeout(timer.current)
      timer.current = null
      pending.current = null
    }
    const flush = () => {
      const call = pending.current
      cancel()
      if (call) fnRef.current(...call.args)
    }
    const run = (...args: A) => {
      if (timer.current !== null) clearTimeout(timer.current)
      pending.current = { args }
      timer.current = setTimeout(flush, delay)
    }
    return { run, cancel, flush, isPending: () => pending.current !== null }
  }, [delay])

  useEffect(() => debounced.cancel, [debounced])
  return debounced
}
