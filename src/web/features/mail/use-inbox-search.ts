import { useState } from 'react'
import { useSearchText } from './search'

/**
 * What the user searches for: the text in the box, searched in the list's own mail as they type
 * (`searchText`, debounced), or everywhere once they ask to "Search all mail" (`serverQuery`,
 * decision 033).
 */
export function useInboxSearch() {
  const [query, setQuery] = useState('')
  const searchText = useSearchText(query)
  const [serverQuery, setServerQuery] = useState<string | null>(null)

  return {
    query,
    searchText,
    serverQuery,
    /** Text in the box, even before the search for it has started. */
    searching: query.trim() !== '',
    /** Typing again leaves all mail: the new text searches the list as it is typed. */
    type: (text: string) => {
      setQuery(text)
      if (serverQuery !== null) setServerQuery(null)
    },
    clear: () => {
      setQuery('')
      setServerQuery(null)
    },
    /** An empty box has nothing to look for everywhere. */
    searchAll: () => {
      const q = query.trim()
      if (q) setServerQuery(q)
    },
    backToList: () => setServerQuery(null),
  }
}

export type InboxSearch = ReturnType<typeof useInboxSearch>
