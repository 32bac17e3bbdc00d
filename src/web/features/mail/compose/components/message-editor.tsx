import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Paperclip, Save } from 'lucide-react'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Spinner } from '../../../../components/ui/spinner'
import { Textarea } from '../../../../components/ui/textarea'
import { toast } from '../../../../components/ui/use-toast'
import { cn } from '../../../../lib/cn'
import type { Fields, MessageEditorState } from '../use-message-editor'
import { AddressField } from './address-field'
import { AttachmentChips } from './attachment-chips'
import { SendButton } from './send-button'
import { useTemplatePicker } from './template-picker'
import { FORWARD_MARKER, splitQuote } from '../quote'
import { afterPaint } from '../../../../lib/after-paint'

/**
 * The original a reply quotes (or a forward carries), folded behind "…" as Gmail folds it: it
 * is sent with the message; opened, it can be edited.
 */
function QuotedOriginal({
  id,
  quote,
  startOpen,
  onChange,
}: {
  id: string
  quote: string
  startOpen: boolean
  onChange: (quote: string) => void
}) {
  const [open, setOpen] = useState(startOpen)
  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={id}
        aria-label="Show trimmed content"
        title="Show trimmed content"
        data-testid="quote-toggle"
        className="inline-flex h-5 cursor-pointer items-center rounded-md border border-border bg-muted px-2 text-xs leading-none font-bold tracking-wider text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
      >
        …
      </button>
      {open && (
        <Textarea
          id={id}
          aria-label="Quoted text"
          value={quote.replace(/^\n+/, '')}
          onChange={(event) => onChange(event.target.value)}
          rows={8}
          className="text-muted-foreground"
        />
      )}
    </div>
  )
}

/** "Saving…", "Saved", or why it was not saved: quiet, and read out politely. */
function SaveStatusText({ editor }: { editor: MessageEditorState }) {
  const { status, unsaved, draftId } = editor
  let text = ''
  if (status.kind === 'saving') text = 'Saving…'
  else if (unsaved && status.kind === 'failed') text = `Not saved: ${status.message}`
  else if (!unsaved && draftId) text = 'Saved'
  return (
    <span
      role="status"
      data-testid="draft-status"
      className={cn(
        'text-xs text-muted-foreground',
        status.kind === 'failed' && unsaved && 'text-destructive',
      )}
    >
      {text}
    </span>
  )
}

/**
 * The one form for writing a message: the full-page Compose and the reply under a thread.
 * `editor` holds its state (useMessageEditor); the caller decides what Send does next and may
 * add its own buttons (pop out, discard).
 */
export function MessageEditor({
  editor,
  label,
  header,
  actions,
  focus,
  compact = false,
  busy = false,
  onSend,
  onSendLater,
}: {
  editor: MessageEditorState
  /** The form's accessible name. */
  label: string
  header?: ReactNode
  /** Buttons beside Send (pop out, discard). */
  actions?: ReactNode
  /** Where the cursor starts: the recipient (new mail) or the top of the message (a reply). */
  focus: 'to' | 'body'
  /** The inline reply: fewer rows. */
  compact?: boolean
  /** Something else writes into the message (an AI draft streaming in). */
  busy?: boolean
  onSend: () => void
  /** Send later (decision 053): the message goes at `at`. Without it, Send has no menu. */
  onSendLater?: (at: Date) => void
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  const { fields, setFields, addressErrors, setAddresses } = editor
  const disabled = busy || editor.sending
  // Cc and Bcc stay folded until asked for (or filled in, or refused), as in Gmail.
  const [unfolded, setUnfolded] = useState({ cc: false, bcc: false })
  const shown = {
    cc: unfolded.cc || fields.cc !== '' || !!addressErrors.cc,
    bcc: unfolded.bcc || fields.bcc !== '' || !!addressErrors.bcc,
  }

  // When the editor opens (and if it is asked to focus elsewhere), once its first frame is
  // painted: focusing lays the page out there and then, and done before that paint it held the
  // screen back (most of a first visit to Compose, in a Chromium profile at 4× CPU).
  useEffect(
    () =>
      afterPaint(() => {
        if (focus === 'body') {
          bodyRef.current?.focus()
          bodyRef.current?.setSelectionRange(0, 0)
        } else {
          toRef.current?.focus()
        }
      }),
    [focus],
  )

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }))
  // Templates: the button beside Attach, and `;` then letters in the message (decision 051).
  const templates = useTemplatePicker({ bodyRef, fields, setFields, disabled })
  const { own, rest } = splitQuote(fields.body)

  const saveDraft = async () => {
    const result = await editor.saveNow()
    if (result.ok) toast({ title: 'Draft saved' })
    else if (result.reason)
      toast({ variant: 'destructive', title: 'Failed to save draft', description: result.reason })
    else toast({ title: 'Nothing to save yet', description: 'Write something first.' })
  }

  return (
    <form
      aria-label={label}
      className="min-w-0 flex-1 space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (!disabled) onSend()
      }}
      onKeyDown={(event) => {
        // Ctrl/Cmd+Enter sends, as in Gmail.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault()
          if (!disabled) onSend()
        }
      }}
    >
      {header}

      <div className="relative">
        <AddressField
          inputRef={toRef}
          id={`${id}-to`}
          label="To"
          value={fields.to}
          onChange={setAddresses('to')}
          error={addressErrors.to}
          placeholder="name@example.com"
        />
        <div className="absolute top-0 right-0 flex gap-1">
          {(['cc', 'bcc'] as const).map(
            (key) =>
              !shown[key] && (
                <Button
                  key={key}
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-1 py-0"
                  aria-label={`Add ${key === 'cc' ? 'Cc' : 'Bcc'} recipients`}
                  onClick={() => {
                    setUnfolded((current) => ({ ...current, [key]: true }))
                    requestAnimationFrame(() => document.getElementById(`${id}-${key}`)?.focus())
                  }}
                >
                  {key === 'cc' ? 'Cc' : 'Bcc'}
                </Button>
              ),
          )}
        </div>
      </div>
      {(['cc', 'bcc'] as const).map(
        (key) =>
          shown[key] && (
            <AddressField
              key={key}
              id={`${id}-${key}`}
              label={key === 'cc' ? 'Cc' : 'Bcc'}
              value={fields[key]}
              onChange={setAddresses(key)}
              error={addressErrors[key]}
            />
          ),
      )}
      <FormField label="Subject" htmlFor={`${id}-subject`}>
        <Input id={`${id}-subject`} value={fields.subject} onChange={set('subject')} />
      </FormField>
      <FormField label="Message" htmlFor={`${id}-body`}>
        <div className="relative">
          <Textarea
            ref={bodyRef}
            id={`${id}-body`}
            // The user's part; the quoted original below it is folded (issue 25).
            value={own}
            onChange={(event) => {
              const typed = event.target.value
              setFields((current) => ({ ...current, body: typed + splitQuote(current.body).rest }))
              templates.afterChange()
            }}
            rows={compact ? 8 : 14}
            aria-describedby={`${id}-body-hint`}
            {...templates.bodyProps}
          />
          {templates.panel}
        </div>
        <p id={`${id}-body-hint`} className="sr-only">
          Type a semicolon and a few letters to insert a template.
        </p>
      </FormField>
      {rest && (
        <QuotedOriginal
          id={`${id}-quote`}
          quote={rest}
          // A forward's original shows, as in Gmail; a reply's quote waits behind "…".
          startOpen={rest.trimStart().startsWith(FORWARD_MARKER)}
          onChange={(quote) =>
            setFields((current) => {
              const mine = splitQuote(current.body).own
              return { ...current, body: quote.trim() ? `${mine}\n\n${quote}` : mine }
            })
          }
        />
      )}

      <AttachmentChips
        items={[
          ...editor.forwarded.map((f) => ({
            key: `forwarded-${f.attachmentId}`,
            name: f.filename,
            size: f.size,
            onRemove: () => editor.removeForwarded(f.attachmentId),
          })),
          ...editor.files.map((file, index) => ({
            key: `${file.name}-${index}`,
            name: file.name,
            size: file.size,
            onRemove: () => editor.removeFile(index),
          })),
          ...editor.pending.map((f) => ({
            key: `draft-${f.index}`,
            name: f.filename,
            size: f.size,
            state: f.failed ? ('failed' as const) : ('loading' as const),
            onRemove: () => editor.removePending(f.index),
          })),
        ]}
      />

      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label="Attach files"
        data-testid="attach-input"
        onChange={(event) => {
          editor.addFiles(event.target.files)
          // Picking the same file again should add it again.
          event.target.value = ''
        }}
      />
      {/* On a phone the actions stay in view at the bottom: Send never needs a scroll. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-border bg-background px-4 py-2 sm:static sm:mx-0 sm:border-0 sm:p-0">
        <Button
          type="button"
          variant="outline"
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
        >
          <Paperclip aria-hidden="true" /> Attach
        </Button>
        {templates.button}
        <Button
          type="button"
          variant="outline"
          onClick={() => void saveDraft()}
          disabled={disabled}
        >
          {editor.status.kind === 'saving' ? (
            <Spinner size="sm" label="Saving draft…" />
          ) : (
            <Save aria-hidden="true" />
          )}{' '}
          Save Draft
        </Button>
        {actions}
        <SaveStatusText editor={editor} />
        <span className="flex-1" />
        <SendButton
          disabled={disabled}
          sending={editor.sending}
          onSendLater={
            onSendLater &&
            ((at) => {
              if (!disabled) onSendLater(at)
            })
          }
        />
      </div>
    </form>
  )
}
