import { FileText, X } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { formatBytes } from '../../../lib/format-date'

/** The files attached to a message being written, each with a remove button. */
export function AttachmentChips({
  files,
  onRemove,
}: {
  files: File[]
  onRemove: (index: number) => void
}) {
  if (files.length === 0) return null
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="inline-flex max-w-72 items-center gap-2 rounded-md border border-border bg-muted/40 py-1 pr-1 pl-2.5 text-sm"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{file.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(index)}
          >
            <X aria-hidden="true" className="size-3.5" />
          </Button>
        </li>
      ))}
    </ul>
  )
}
