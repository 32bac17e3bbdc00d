import type { RefObject } from 'react'
import { Search, X } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'

type InboxSearchProps = {
  /** What is typed: the inbox is searched as it changes (decision 024). */
  query: string
  /** The search of all mail shown, Gmail included (Enter or "Search all mail"), if any. */
  serverQuery: string | null
  /** Why the server refused the search (Gmail's rules), in its words. */
  problem: string | null
  /** Gmail could not be searched: the results are the cache's alone. */
  gmailNotice: string | undefined
  inputRef: RefObject<HTMLInputElement | null>
  onQueryChange: (query: string) => void
  /** Empties the box and goes back to the inbox (the clear button, Escape). */
  onClear: () => void
  onSearchAll: () => void
  onBackToInbox: () => void
}

/** The inbox's search box, with what the search covers and the way to widen or leave it. */
export function InboxSearch({
  query,
  serverQuery,
  problem,
  gmailNotice,
  inputRef,
  onQueryChange,
  onClear,
  onSearchAll,
  onBackToInbox,
}: InboxSearchProps) {
  return (
    <>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          onSearchAll()
        }}
      >
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            type="search"
            value={query}
            placeholder="Search emails..."
            aria-label="Search emails"
            // The clear button below is the one ✕: Chromium's own cancel button is hidden.
            className="pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                onClear()
                event.currentTarget.blur()
              }
            }}
          />
          {query && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={onClear}
              className="absolute top-1/2 right-2 inline-flex size-5 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:text-foreground"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      </form>
      {query.trim() !== '' && serverQuery === null && (
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span role={problem ? 'status' : undefined}>{problem ?? 'Matches in the inbox'}</span>
          <Button
            type="button"
            size="sm"
            variant="link"
            className="h-auto px-0"
            onClick={onSearchAll}
          >
            <Search aria-hidden="true" /> Search all mail
          </Button>
        </div>
      )}
      {serverQuery !== null && (
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="truncate">
            {gmailNotice ?? `Results for “${serverQuery}” in all mail`}
          </span>
          <Button
            type="button"
            size="sm"
            variant="link"
            className="h-auto px-0"
            onClick={onBackToInbox}
          >
            Back to inbox
          </Button>
        </div>
      )}
    </>
  )
}
