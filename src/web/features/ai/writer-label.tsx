import { Bot } from 'lucide-react'
import { Link } from 'wouter'
import type { Writer } from '../../../contract/ai'
import { Badge } from '../../components/ui/badge'

/** Says who wrote a draft when it was the offline writer (decision 011), so nobody mistakes it for a model. */
export function WriterLabel({ writer }: { writer: Writer | null }) {
  if (!writer?.offline) return null
  return (
    <Badge variant="secondary" title="Written without an AI model: no provider is configured">
      <Bot aria-hidden="true" /> Offline writer
    </Badge>
  )
}

/**
 * What the user should know about a draft, said under it and never inside it: the writer's
 * notice (what it could not write), and, for the offline writer, what it is and where a model
 * is connected. Muted, so the draft stays the thing to read.
 */
export function DraftNotes({ writer, notice }: { writer: Writer | null; notice: string | null }) {
  if (!notice && !writer?.offline) return null
  return (
    <div className="grid gap-1 text-xs text-muted-foreground" data-testid="draft-notes">
      {notice && <p data-testid="draft-notice">{notice}</p>}
      {writer?.offline && (
        <p>
          Written by the offline writer, without an AI model: it writes only what it recognises. A
          model (OpenAI, Anthropic or a local one) is connected on the server with{' '}
          <code>AI_PROVIDER</code>: see Configuration in the README. Tone and language defaults are
          in{' '}
          <Link href="/settings" className="underline underline-offset-2 hover:text-foreground">
            Settings
          </Link>
          .
        </p>
      )}
    </div>
  )
}
