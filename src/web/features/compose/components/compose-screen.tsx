import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Paperclip, Save, Send } from 'lucide-react'
import { useLocation } from 'wouter'
import { MAX_MESSAGE_BYTES, SendEmailSchema } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { Input, type InputProps } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { Textarea } from '../../../components/ui/textarea'
import { ToastAction } from '../../../components/ui/toast'
import { toast } from '../../../components/ui/use-toast'
import { errorDetail } from '../../../lib/error-detail'
import { formatBytes } from '../../../lib/format-date'
import { useSaveDraft } from '../api/save-draft'
import { useSendEmail } from '../api/send-email'
import { filesToAttachments } from '../attachments'
import { AiAssistantPanel } from '../../ai/ai-assistant-panel'
import { formatAddress } from '../addresses'
import { useDraftTarget } from '../use-draft-target'
import { AttachmentChips } from './attachment-chips'
import {
  clearComposeHandoff,
  originalMessageBlock,
  readComposeHandoff,
  type ComposeHandoff,
} from '../compose-handoff'

type Fields = { to: string; cc: string; bcc: string; subject: string; body: string }
type ReplyTarget = { threadId: string; replyToMessageId?: string; originalSender: string }

const EMPTY: Fields = { to: '', cc: '', bcc: '', subject: '', body: '' }

function initialFields(handoff: ComposeHandoff | null): Fields {
  if (!handoff) return EMPTY
  const hasContext = handoff.replyContext.trim() !== '' || handoff.originalEmail !== ''
  return {
    ...EMPTY,
    to: handoff.to,
    cc: handoff.cc ?? '',
    subject: handoff.subject,
    // A smart reply's text, or room to write, above the quoted original.
    body: hasContext
      ? `${handoff.body ?? ''}\n\n${originalMessageBlock(handoff)}`
      : (handoff.body ?? ''),
  }
}

function Field({
  label,
  htmlFor,
  children,
}: {
  label: string
  htmlFor: string
  children: ReactNode
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  )
}

/** An address list field: no autocomplete or spelling marks on e-mail addresses. */
function AddressInput(props: InputProps) {
  return <Input autoComplete="off" spellCheck={false} {...props} />
}

/** Compose (spec section 2), also the editor for replies and forwards handed over by the viewer. */
export function ComposeScreen() {
  const id = useId()
  const [, navigate] = useLocation()
  // Read once; removed after use (spec section 4). Removing in an effect, not here, keeps the
  // handoff for React's second render of the initializer in development.
  const [handoff] = useState(readComposeHandoff)
  useEffect(() => {
    if (handoff) clearComposeHandoff()
  }, [handoff])

  const [fields, setFields] = useState<Fields>(() => initialFields(handoff))
  const [files, setFiles] = useState<File[]>([])
  const [draftId, setDraftId] = useState<string | undefined>()
  const [reply, setReply] = useState<ReplyTarget | null>(() =>
    handoff?.threadId
      ? {
          threadId: handoff.threadId,
          replyToMessageId: handoff.replyToMessageId,
          originalSender: handoff.originalSender,
        }
      : null,
  )
  const [reading, setReading] = useState<'send' | 'draft' | null>(null)
  const ai = useDraftTarget(setFields)
  const aiDraftId = ai.aiDraftId ?? handoff?.aiDraftId
  const send = useSendEmail()
  const draft = useSaveDraft()
  const fileInput = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)

  // A reply starts at the top of the message, above the quote; a new mail at the recipient.
  useEffect(() => {
    if (handoff?.to) {
      bodyRef.current?.focus()
      bodyRef.current?.setSelectionRange(0, 0)
    } else {
      toRef.current?.focus()
    }
  }, [handoff])

  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }))

  const messageBytes = (extra: File[] = []) =>
    [...files, ...extra].reduce((sum, file) => sum + file.size, 0) + new Blob([fields.body]).size

  const addFiles = (list: FileList | null) => {
    const incoming = list ? [...list] : []
    if (incoming.length === 0) return
    const total = messageBytes(incoming)
    if (total > MAX_MESSAGE_BYTES) {
      toast({
        variant: 'destructive',
        title: 'Attachments too large',
        description: `Gmail allows 25 MB per message, attachments included. With ${incoming.length === 1 ? 'this file' : 'these files'} it would be ${formatBytes(total)}.`,
      })
      return
    }
    setFiles((current) => [...current, ...incoming])
  }

  const busy = reading !== null || send.isPending || draft.isPending || ai.generating

  const payload = async () => ({
    to: fields.to.trim(),
    cc: fields.cc.trim() || undefined,
    bcc: fields.bcc.trim() || undefined,
    subject: fields.subject.trim(),
    body: fields.body,
    threadId: reply?.threadId,
    replyToMessageId: reply?.replyToMessageId,
    attachments: await filesToAttachments(files),
    draftId,
    aiDraftId,
  })

  const onSend = async () => {
    if (busy) return
    if (!fields.to.trim() || !fields.subject.trim() || !fields.body.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing required fields',
        description: 'Please fill in recipient, subject, and message',
      })
      return
    }
    setReading('send')
    let input
    try {
      input = await payload()
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to send email',
        description: 'An attachment could not be read.',
      })
      return
    } finally {
      setReading(null)
    }
    const checked = SendEmailSchema.safeParse(input)
    if (!checked.success) {
      toast({
        variant: 'destructive',
        title: 'Failed to send email',
        description: checked.error.issues[0]?.message ?? 'Please check the fields.',
      })
      return
    }
    send.mutate(input, {
      onSuccess: (result) => {
        setFields(EMPTY)
        setFiles([])
        setDraftId(undefined)
        ai.setAiDraftId(undefined)
        setReply(null)
        toast({
          title: 'Email sent',
          action: (
            <ToastAction
              altText="Open the conversation from the inbox"
              onClick={() => navigate(`/inbox?thread=${encodeURIComponent(result.threadId)}`)}
            >
              View
            </ToastAction>
          ),
        })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to send email',
          description: errorDetail(error) ?? error.message,
        }),
    })
  }

  const onSaveDraft = async () => {
    if (busy) return
    const empty = Object.values(fields).every((value) => value.trim() === '') && files.length === 0
    if (empty) {
      toast({ title: 'Nothing to save yet', description: 'Write something first.' })
      return
    }
    setReading('draft')
    let input
    try {
      input = await payload()
    } catch {
      toast({
        variant: 'destructive',
        title: 'Failed to save draft',
        description: 'An attachment could not be read.',
      })
      return
    } finally {
      setReading(null)
    }
    draft.mutate(input, {
      onSuccess: (result) => {
        setDraftId(result.draftId)
        toast({ title: 'Draft saved' })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to save draft',
          description: errorDetail(error) ?? error.message,
        }),
    })
  }

  const sending = reading === 'send' || send.isPending
  const saving = reading === 'draft' || draft.isPending

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 lg:flex-row lg:p-6">
      <form
        aria-labelledby={`${id}-title`}
        className="min-w-0 flex-1 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void onSend()
        }}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in Gmail.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            void onSend()
          }
        }}
      >
        <div className="space-y-1">
          <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
            Compose
          </h1>
          {reply && (
            <p
              className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
              data-testid="reply-context"
            >
              Replying in the conversation with {reply.originalSender || 'the sender'}.
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-0"
                onClick={() => setReply(null)}
              >
                Send as a new conversation instead
              </Button>
            </p>
          )}
          {draftId && <p className="text-xs text-muted-foreground">Saved as a Gmail draft</p>}
        </div>

        <Field label="To" htmlFor={`${id}-to`}>
          <AddressInput
            ref={toRef}
            id={`${id}-to`}
            value={fields.to}
            onChange={set('to')}
            placeholder="name@example.com"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="CC" htmlFor={`${id}-cc`}>
            <AddressInput id={`${id}-cc`} value={fields.cc} onChange={set('cc')} />
          </Field>
          <Field label="BCC" htmlFor={`${id}-bcc`}>
            <AddressInput id={`${id}-bcc`} value={fields.bcc} onChange={set('bcc')} />
          </Field>
        </div>
        <Field label="Subject" htmlFor={`${id}-subject`}>
          <Input id={`${id}-subject`} value={fields.subject} onChange={set('subject')} />
        </Field>
        <Field label="Message" htmlFor={`${id}-body`}>
          <Textarea
            ref={bodyRef}
            id={`${id}-body`}
            value={fields.body}
            onChange={set('body')}
            rows={14}
          />
        </Field>

        <AttachmentChips
          files={files}
          onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
        />

        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          data-testid="attach-input"
          onChange={(event) => {
            addFiles(event.target.files)
            // Picking the same file again should add it again.
            event.target.value = ''
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            <Paperclip aria-hidden="true" /> Attach
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => void onSaveDraft()}
            disabled={busy}
          >
            {saving ? <Spinner size="sm" label="Saving draft…" /> : <Save aria-hidden="true" />}{' '}
            Save Draft
          </Button>
          <span className="flex-1" />
          <Button type="submit" disabled={busy}>
            {sending ? (
              <Spinner size="sm" label="Sending…" className="text-current" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Send Email
          </Button>
        </div>
      </form>

      <aside aria-label="Assistants" className="space-y-4 lg:w-80 lg:shrink-0">
        <AiAssistantPanel
          recipient={fields.to}
          subject={fields.subject}
          threadId={reply?.threadId}
          onContactPicked={(contact) =>
            setFields((current) => ({ ...current, to: formatAddress(contact) }))
          }
          target={ai.target}
        />
      </aside>
    </div>
  )
}
