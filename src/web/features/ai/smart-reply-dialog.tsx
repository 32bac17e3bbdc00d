import { useId, useState } from 'react'
import { Loader2, PenLine, RefreshCw, Send, Sparkles, Square } from 'lucide-react'
import { MAX_INSTRUCTION_CHARS, type RefineAction } from '../../../contract/ai'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Skeleton } from '../../components/ui/skeleton'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/use-toast'
import { errorDetail } from '../../lib/error-detail'
import { useReplyOptions } from './api/get-reply-options'
import { CreditCompact } from './credit-widgets'
import { DraftStatus, RefineButtons } from './draft-tools'
import { replyTextProblem } from './draft-rules'
import { replyOptionsInput, smartReplyInput, type SmartReplySource } from './smart-reply-source'
import { useDraftStream, type DraftOutcome } from './use-draft-stream'
import { DraftNotes, WriterLabel } from './writer-label'

export type SmartReplyDialogProps = {
  source: SmartReplySource
  /** The reply goes out with the user's Gmail signature under it, which carries the name. */
  signedBelow?: boolean
  /** Sends the reply in the source's thread; rejects when the send fails. */
  onSend: (text: string, aiDraftId: string | undefined) => Promise<void>
  /** Hands the text over to Compose for more editing. */
  onEditInCompose: (text: string, aiDraftId: string | undefined) => void
  onClose: () => void
}

const EXCERPT_CHARS = 280
const count = new Intl.NumberFormat('en-US')

/**
 * The Smart AI Reply dialog. Nothing is written (or billed) until the user says what the reply
 * should say: one of the three suggested replies, or their own words, then Generate. The reply
 * streams into an editable text area; the buttons under it rewrite it; Send Reply answers in
 * the same thread.
 */
export function SmartReplyDialog({
  source,
  signedBelow = false,
  onSend,
  onEditInCompose,
  onClose,
}: SmartReplyDialogProps) {
  const id = useId()
  const [instruction, setInstruction] = useState('')
  const [text, setText] = useState('')
  /** The last complete draft: its id goes out with the send, and a refine of it names it. */
  const [complete, setComplete] = useState<{ draftId: string; content: string } | null>(null)
  const [sending, setSending] = useState(false)
  const draft = useDraftStream({ failureTitle: 'Failed to generate smart reply', onText: setText })
  // The click that opened the dialog asked already (same key): this finds it in flight.
  const options = useReplyOptions(replyOptionsInput(source))

  const tooLong = instruction.trim().length > MAX_INSTRUCTION_CHARS
  const started = draft.phase !== 'idle' || text !== ''

  /**
   * Writes the reply; `said` is what it should say (a picked option's, or the typed words). A
   * reply already there stays on screen until the new one's first words replace it, and comes
   * back if the new one fails or is stopped before any words: a whole reply is never lost to a
   * half-written one.
   */
  async function generate(said: string) {
    if (said.trim().length > MAX_INSTRUCTION_CHARS) return
    const before = text
    const previous = complete
    const result = await draft.start({
      kind: 'smart-reply',
      input: smartReplyInput(source, said, signedBelow),
    })
    if (result.outcome === 'done') {
      setComplete({ draftId: result.draft.draftId, content: result.draft.content })
      toast({ title: 'Smart reply generated successfully!' })
    } else if (result.outcome === 'blocked') {
      onClose()
    } else {
      settle(result, before, previous)
    }
  }

  /**
   * After a generation that did not complete: failed, or stopped before any words, the text
   * before it comes back; stopped later, the words written stay, to edit, without a draft id
   * (they are not a complete draft).
   */
  function settle(result: DraftOutcome, before: string, previous: typeof complete) {
    if (result.outcome === 'cancelled' && result.text !== '') {
      setComplete(null)
    } else {
      setText(before)
      setComplete(previous)
    }
  }

  async function refine(action: RefineAction) {
    const before = text
    const previous = complete
    const unchanged = previous !== null && previous.content === text
    const result = await draft.start(
      {
        kind: 'refine',
        input: {
          action,
          text: text.trim(),
          // An untouched draft is named too, so the server knows whom it was written for.
          draftId: unchanged ? previous.draftId : undefined,
          contactName: source.senderName || undefined,
          threadId: source.threadId,
          ...(signedBelow ? { signedBelow } : {}),
        },
      },
      { failureTitle: 'Failed to refine the reply' },
    )
    if (result.outcome === 'done') {
      setComplete({ draftId: result.draft.draftId, content: result.draft.content })
    } else if (result.outcome !== 'blocked') {
      settle(result, before, previous)
    }
  }

  const problem = replyTextProblem(text)
  const ready = !draft.active && !sending && problem === null
  // Edits keep the draft's id: the send records that the AI draft was used (decision 034).
  const aiDraftId = complete?.draftId

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
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Smart AI Reply</DialogTitle>
          <DialogDescription>
            Pick a suggested reply or say what it should say; edit the reply, then send it or finish
            it in Compose.
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

        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            if (!draft.active && !tooLong) void generate(instruction)
          }}
        >
          <div
            role="group"
            aria-labelledby={`${id}-options`}
            aria-busy={options.isPending}
            data-testid="reply-options"
            className="flex flex-wrap items-center gap-2"
          >
            <span id={`${id}-options`} className="text-xs font-medium text-muted-foreground">
              Suggested replies
            </span>
            {options.isPending ? (
              <>
                <span className="sr-only">Loading suggestions…</span>
                {[0, 1, 2].map((n) => (
                  <Skeleton key={n} className="h-7 w-32 rounded-full" />
                ))}
              </>
            ) : options.isError ? (
              <span className="text-xs text-muted-foreground">
                None for this mail: say below what the reply should say.
              </span>
            ) : (
              options.data.map((option, index) => (
                <Button
                  key={index}
                  type="button"
                  size="sm"
                  variant="outline"
                  className="h-7 rounded-full"
                  title={option.instruction}
                  disabled={draft.active || sending}
                  onClick={() => {
                    setInstruction(option.instruction)
                    void generate(option.instruction)
                  }}
                >
                  {option.label}
                </Button>
              ))
            )}
          </div>
          <label htmlFor={`${id}-instruction`} className="text-sm font-medium">
            What should the reply say?
          </label>
          <Textarea
            id={`${id}-instruction`}
            rows={2}
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            placeholder="Yes to Thursday at 3, and ask them to send the agenda first"
            aria-describedby={`${id}-instruction-count`}
            aria-invalid={tooLong}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault()
                event.currentTarget.form?.requestSubmit()
              }
            }}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p
              id={`${id}-instruction-count`}
              className={
                tooLong
                  ? 'text-xs text-destructive tabular-nums'
                  : 'text-xs text-muted-foreground tabular-nums'
              }
            >
              {count.format(instruction.trim().length)}/{count.format(MAX_INSTRUCTION_CHARS)}
              {tooLong && ' — too long to send'}
            </p>
            {started ? (
              <Button
                type="submit"
                size="sm"
                variant="outline"
                disabled={sending || draft.active || tooLong}
              >
                <RefreshCw aria-hidden="true" /> Regenerate
              </Button>
            ) : (
              <Button type="submit" size="sm" disabled={sending || tooLong}>
                <Sparkles aria-hidden="true" /> Generate
              </Button>
            )}
          </div>
        </form>

        <div className="grid gap-1.5">
          {started && (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={`${id}-reply`} className="text-sm font-medium">
                  Your reply
                </label>
                <div className="flex items-center gap-2">
                  <WriterLabel writer={draft.writer} />
                  <CreditCompact />
                </div>
              </div>
              {draft.phase === 'waiting' && text === '' ? (
                <p className="flex min-h-40 items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Generating smart
                  reply...
                </p>
              ) : (
                <Textarea
                  id={`${id}-reply`}
                  rows={8}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  readOnly={draft.active}
                  aria-busy={draft.active}
                  aria-describedby={`${id}-count`}
                />
              )}
            </>
          )}
          <div className="flex flex-wrap items-center justify-between gap-x-4">
            {started && (
              <p id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
                {text.length} characters
              </p>
            )}
            {/* Always there, so the first "Writing…" is announced too. */}
            <DraftStatus phase={draft.phase} charge={draft.charge} waiting="Writing the reply…" />
          </div>
          {started && (
            <>
              <RefineButtons
                label="Refine the reply"
                disabled={!ready}
                onRefine={(action) => void refine(action)}
              />
              <DraftNotes writer={draft.writer} notice={draft.notice} />
            </>
          )}
        </div>

        <DialogFooter className="flex-wrap gap-2">
          {draft.active && (
            <Button type="button" variant="outline" onClick={draft.cancel}>
              <Square aria-hidden="true" /> Stop
            </Button>
          )}
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
