import { FileText, Loader2, TriangleAlert, X } from 'lucide-react'
import { Button } from '../../../../components/ui/button'
import { formatBytes } from '../../../../lib/format-date'

export type AttachmentChip = {
  key: string
  name: string
  size: number
  onRemove: () => void
  /** A reopened draft's file not yet in the editor: on its way, or not loaded. */
  state?: 'loading' | 'failed'
}

/**
 * The files attached to a message being written — picked ones, a forward's originals and a
 * reopened draft's — each with a remove button.
 */
export function AttachmentChips({ items }: { items: AttachmentChip[] }) {
  if (items.length === 0) return null
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.key}
          className="inline-flex max-w-72 items-center gap-2 rounded-md border border-border bg-muted/40 py-1 pr-1 pl-2.5 text-sm"
        >
          {item.state === 'loading' ? (
            <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          ) : item.state === 'failed' ? (
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
          ) : (
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          )}
          <span className="truncate">{item.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">
            {item.state === 'loading'
              ? 'Loading…'
              : item.state === 'failed'
                ? 'Not loaded'
                : formatBytes(item.size)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${item.name}`}
            onClick={item.onRemove}
            disabled={item.state === 'loading'}
          >
            <X aria-hidden="true" className="size-3.5" />
          </Button>
        </li>
      ))}
    </ul>
  )
}
