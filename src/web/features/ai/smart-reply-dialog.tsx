import { useEffect, useId, useRef, useState } from 'react'
import { Loader2, PenLine, RefreshCw, Send } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { CreditCompact } from './credit-widgets'
import { replyTextProblem } from './draft-rules'
import { useDraftStream, type DraftRequest } from './use-draft-stream'
import { WriterLabel } from './writer-label'

/** The message being answered, as the dialog shows and sends it. */
export type SmartReplySource = {
  threadId: string
  senderName: string
  senderEmail: string
  subject: string
  /** The original's text (its body, or the snippet when it has none). */
  body: string
}

export type SmartReplyDialogProps = {
  source: SmartReplySource
  /** Sends the reply in the source's thread; rejects when the send fails. */
  onSend: (text: string, aiDraftId: string | undefined) => Promise<void>
  /** Hands the text over to Compose for more editing. */
  onEditInCompose: (text: string, aiDraftId: string | undefined) => void
  onClose: () => void
}

const EXCERPT_CHARS = 280

/**
 * The Smart AI Reply dialog: it starts writing as it opens, the reply streams
 * into an editable text area, and Send Reply answers in the same thread.
 */
export function SmartReplyDialog({
  source,
  onSend,
  onEditInCompose,
  onClose,
}: SmartReplyDialogProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [aiDraftId, setAiDraftId] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  const draft = useDraftStream({ failureTitle: 'Failed to generate smart reply', onText: setText })

  const request: DraftRequest = {
    kind: 'smart-reply',
    input: {
      originalEmailBody: source.body,
      // The server uses the sender's saved contact when there is one (decision 034).
      senderEmail: source.senderEmail || undefined,
      contactName: source.senderName || undefined,
      threadId: source.threadId,
    },
  }

  async function generate() {
    setText('')
    setAiDraftId(undefined)
    const result = await draft.start(request)
    if (result.outcome === 'done') {
      setAiDraftId(result.draft.draftId)
      toast({ title: 'Smart reply generated successfully!' })
    } else if (result.outcome === 'failed') {
      // Nothing half-written stays to be sent.
      setText('')
    } else if (result.outcome === 'blocked') {
      onClose()
    }
  }

  // Opening the dialog starts the generation, once (the ref also holds React's development
  // double effect to one run). `generate` reads the props of the first render on purpose: a
  // re-render must never start a second, billed generation.
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void generate()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog, see above
  }, [])

  const problem = replyTextProblem(text)
  const ready = !draft.active && !sending && problem === null

  async function send() {
    if (!ready) return
    setSending(true)
    try {
      await onSend(text.trim(), aiDraftId)
      toast({ title: 'Smart reply sent successfully!' })
      setText('')
      onClose()
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to send reply',
        description: errorDetail(error),
      })
    } finally {
      setSending(false)
    }
  }

  // Cancel clears everything: a generation still running is stopped (the server refunds it
  // when no text had arrived yet).
  function cancel() {
    draft.cancel()
    setText('')
    onClose()
  }

  const excerpt =
    source.body.length > EXCERPT_CHARS ? `${source.body.slice(0, EXCERPT_CHARS)}…` : source.body

  return (
    <Dialog open onOpenChange={(open) => !open && !sending && cancel()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Smart AI Reply</DialogTitle>
          <DialogDescription>
            A reply written for you; edit it, then send it or finish it in Compose.
          </DialogDescription>
        </DialogHeader>

        <section
          aria-label="Original message"
          className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
        >
          <p>
            <span className="font-medium">{source.senderName || source.senderEmail}</span>
            {source.senderName && source.senderEmail && (
              <span className="text-muted-foreground"> &lt;{source.senderEmail}&gt;</span>
            )}
          </p>
          <p className="font-medium">{source.subject || '(no subject)'}</p>
          <p className="line-clamp-3 whitespace-pre-line text-muted-foreground">{excerpt}</p>
        </section>

        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={`${id}-reply`} className="text-sm font-medium">
              Your reply
            </label>
            <div className="flex items-center gap-2">
              <WriterLabel writer={draft.writer} />
              <CreditCompact />
            </div>
          </div>
          {draft.phase === 'waiting' ? (
            <p
              role="status"
              className="flex min-h-40 items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground"
            >
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Generating smart
              reply...
            </p>
          ) : (
            <Textarea
              id={`${id}-reply`}
              rows={10}
              value={text}
              onChange={(event) => setText(event.target.value)}
              readOnly={draft.active}
              aria-busy={draft.active}
              aria-describedby={`${id}-count`}
            />
          )}
          <p id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
            {text.length} characters
          </p>
        </div>

        <DialogFooter className="flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => void generate()}
            disabled={sending || draft.active}
          >
            <RefreshCw aria-hidden="true" /> Regenerate
          </Button>
          <span className="flex-1" />
          <Button type="button" variant="outline" onClick={cancel} disabled={sending}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!ready}
            onClick={() => ready && onEditInCompose(text.trim(), aiDraftId)}
          >
            <PenLine aria-hidden="true" /> Edit in Compose
          </Button>
          <Button type="button" disabled={!ready} onClick={() => void send()}>
            {sending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {sending ? 'Sending...' : 'Send Reply'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
