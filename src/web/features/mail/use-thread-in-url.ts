import { useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * The open conversation is the URL's `?thread=`, so a link, Back and a reload keep it open. The
 * path and the other parameters are kept: any list's own URL can hold an open conversation.
 */
export function useThreadInUrl() {
  const [location, navigate] = useLocation()
  const selectedId = new URLSearchParams(useSearch()).get('thread')

  /** Opens `id` (or none); `replace` for a move that Back should not step through. */
  const showThread = useCallback(
    (id: string | null, options: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(window.location.search)
      if (id) params.set('thread', id)
      else params.delete('thread')
      const search = params.toString()
      navigate(search ? `${location}?${search}` : location, { replace: options.replace })
    },
    [location, navigate],
  )

  return { selectedId, showThread }
}
