import { FileText, X } from 'lucide-react'
import { Button } from '../../../../components/ui/button'
import { formatBytes } from '../../../../lib/format-date'

export type AttachmentChip = { key: string; name: string; size: number; onRemove: () => void }

/**
 * The files attached to a message being written — picked ones and a forward's originals — each
 * with a remove button.
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
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{item.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.size)}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${item.name}`}
            onClick={item.onRemove}
          >
            <X aria-hidden="true" className="size-3.5" />
          </Button>
        </li>
      ))}
    </ul>
  )
}
