import { useId, useMemo, useState } from 'react'
import { Download, Paperclip } from 'lucide-react'
import type { Attachment, EmailMessage } from '../../../../contract/mail'
import { Badge } from '../../../components/ui/badge'
import { Switch } from '../../../components/ui/switch'
import { cn } from '../../../lib/cn'
import { formatBytes, formatFullTimestamp, formatListTime } from '../../../lib/format-date'
import { formatRelativeTime } from '../../../lib/relative-time'
import { sanitizeEmailHtml } from '../../../lib/sanitize-email'
import { TRIM_LABEL } from '../../../lib/fold-quoted-html'
import { foldQuotedText, type TextFold } from '../../../../contract/quoted-text'
import { inlineParts, useInlineImages } from '../api/get-inline-images'
import { useCurrentUser } from '../../../lib/queries/current-user'
import { parseAddressList } from '../compose/addresses'
import { describeRecipients, senderAddress, senderName, type Me } from '../people'
import { HtmlBody } from './html-body'
import { LinkedText } from './linked-text'

export function SenderAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary',
        className,
      )}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}

function attachmentUrl(messageId: string, attachment: Attachment): string {
  const query = new URLSearchParams({
    filename: attachment.filename,
    mimeType: attachment.mimeType,
  })
  return `/api/gmail/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachment.attachmentId)}?${query}`
}

function Attachments({ message }: { message: EmailMessage }) {
  // Images the HTML shows inline are part of the text, as in Gmail, not files to download.
  const inline = new Set(inlineParts(message).map((a) => a.attachmentId))
  const files = message.attachments.filter((a) => !inline.has(a.attachmentId))
  if (files.length === 0) return null
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2 pt-2">
      {files.map((attachment) => (
        <li key={attachment.attachmentId}>
          <a
            href={attachmentUrl(message.id, attachment)}
            download={attachment.filename}
            className="inline-flex max-w-72 items-center gap-2 rounded-md border border-border px-3 py-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate">{attachment.filename || 'attachment'}</span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatBytes(attachment.size)}
            </span>
            <Download aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="sr-only">Download</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Each text's fold, worked out once however often the message renders or reopens. */
const textFolds = new Map<string, TextFold | null>()
function textFoldOf(text: string): TextFold | null {
  let fold = textFolds.get(text)
  if (fold === undefined) {
    fold = foldQuotedText(text)
    // A bounded cache: a long session reads many messages.
    if (textFolds.size >= 200) textFolds.delete(textFolds.keys().next().value!)
    textFolds.set(text, fold)
  }
  return fold
}

/** A plain-text message, its quoted history and signature folded behind "…" (issue 25). */
function PlainText({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  const fold = textFoldOf(text)
  if (!fold) return <LinkedText text={text} />
  return (
    <>
      <LinkedText text={fold.own} />
      {'\n'}
      <button
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-label={TRIM_LABEL}
        title={TRIM_LABEL}
        className="my-1 inline-flex h-4 cursor-pointer items-center rounded-md border border-border bg-muted px-2 text-xs leading-none font-bold tracking-wider text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
      >
        …
      </button>
      {open && (
        <>
          {'\n'}
          <LinkedText text={fold.trimmed} />
        </>
      )}
    </>
  )
}

const HEADER_ROWS: [string, keyof EmailMessage['headers']][] = [
  ['From', 'from'],
  ['To', 'to'],
  ['Cc', 'cc'],
  ['Bcc', 'bcc'],
  ['Date', 'date'],
  ['Subject', 'subject'],
  ['Message-ID', 'messageId'],
  ['Reply-To', 'replyTo'],
]

/** One message of a conversation, collapsed to a line or in full. */
export function MessageView({
  message,
  myEmail,
  isNew,
  expanded,
  canCollapse,
  showHeaders,
  onToggle,
  onShowHeadersChange,
}: {
  message: EmailMessage
  myEmail: string
  /** Unread when the conversation was opened (it is marked read at once). */
  isNew: boolean
  expanded: boolean
  canCollapse: boolean
  showHeaders: boolean
  onToggle: () => void
  onShowHeadersChange: (show: boolean) => void
}) {
  const id = useId()
  const [plainText, setPlainText] = useState(false)
  const [allowImages, setAllowImages] = useState(false)
  const me: Me = { email: myEmail, name: useCurrentUser().data?.name ?? '' }
  // The user's own messages by their display name, as Gmail shows them.
  const name = senderName(message.sender, me)
  const html = message.hasHtml && message.htmlBody ? message.htmlBody : null
  const inline = useInlineImages(message, html !== null && expanded)
  const sanitized = useMemo(
    () =>
      html !== null && expanded
        ? sanitizeEmailHtml(html, {
            allowRemoteImages: allowImages,
            inlineImages: inline.images,
            // Where its quotes fold is found once per message, as for plain text below: not
            // again when it is re-expanded or its inline images arrive (issue 25).
            foldQuoted: true,
            foldKey: message.id,
          })
        : null,
    [html, expanded, allowImages, inline.images, message.id],
  )

  if (!expanded) {
    return (
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={false}
        data-testid="message-collapsed"
        className="flex w-full cursor-pointer items-center gap-3 px-4 py-2.5 text-left text-sm outline-hidden hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <SenderAvatar name={name} className="size-7 text-xs" />
        <span className="w-36 shrink-0 truncate font-medium">{name}</span>
        <span className="min-w-0 flex-1 truncate text-muted-foreground">{message.snippet}</span>
        {message.attachments.length > 0 && (
          <Paperclip aria-label="Has attachments" className="size-3.5 text-muted-foreground" />
        )}
        <time dateTime={message.timestamp} className="shrink-0 text-xs text-muted-foreground">
          {formatListTime(message.timestamp)}
        </time>
      </button>
    )
  }

  const recipients =
    describeRecipients(parseAddressList(message.headers.to || message.recipient), me) || 'me'
  const cc = describeRecipients(parseAddressList(message.headers.cc || message.cc), me)
  const address = senderAddress(message.sender, name)
  // The server already derives text from HTML when a mail has no text part.
  const text = message.textBody || message.body

  return (
    <article
      aria-label={`Message from ${name}`}
      data-testid="message"
      className="space-y-3 px-4 py-4"
    >
      <header className="flex gap-3">
        <SenderAvatar name={name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            {canCollapse ? (
              <button
                type="button"
                onClick={onToggle}
                aria-expanded={true}
                className="cursor-pointer truncate font-semibold hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                {name}
              </button>
            ) : (
              <span className="truncate font-semibold">{name}</span>
            )}
            {/* Once: a sender known only by their address is not followed by it again. */}
            {address && (
              <span className="truncate text-sm text-muted-foreground" data-testid="sender-email">
                &lt;{address}&gt;
              </span>
            )}
            {isNew && <Badge>New</Badge>}
          </div>
          <p className="truncate text-xs text-muted-foreground">
            to {recipients}
            {cc && <>, cc: {cc}</>}
          </p>
        </div>
        <div className="shrink-0 text-right text-xs text-muted-foreground">
          <time dateTime={message.timestamp} className="block">
            {formatFullTimestamp(message.timestamp)}
          </time>
          <span>({formatRelativeTime(message.timestamp)})</span>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-muted-foreground">
        {html !== null && (
          <>
            <Badge
              variant="success"
              title="Sanitized and shown in a sandbox: no scripts, no trackers until you allow images"
            >
              HTML Safe
            </Badge>
            <span className="inline-flex items-center gap-2">
              <span id={`${id}-formatted`}>Formatted</span>
              <Switch
                checked={plainText}
                onCheckedChange={setPlainText}
                aria-label="Plain text"
                aria-describedby={`${id}-formatted`}
              />
              <span>Plain text</span>
            </span>
          </>
        )}
        <label className="inline-flex cursor-pointer items-center gap-2">
          <Switch checked={showHeaders} onCheckedChange={onShowHeadersChange} />
          Show headers
        </label>
      </div>

      {showHeaders && (
        <dl
          aria-label="Message headers"
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-border bg-muted/40 p-3 font-mono text-xs"
        >
          {HEADER_ROWS.map(([label, key]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all">{message.headers[key] || '—'}</dd>
            </div>
          ))}
        </dl>
      )}

      {sanitized && !plainText ? (
        <HtmlBody
          // The frame takes its content once: a new one when the inline images are in.
          key={inline.ready ? 'with-inline-images' : 'text-first'}
          sanitized={sanitized}
          allowImages={allowImages}
          onLoadImages={() => setAllowImages(true)}
          title={`Message from ${name}`}
        />
      ) : (
        <div
          className="text-sm leading-relaxed break-words whitespace-pre-wrap"
          data-testid="message-text"
        >
          {text ? (
            <PlainText text={text} />
          ) : (
            <span className="text-muted-foreground">(no text)</span>
          )}
        </div>
      )}

      <Attachments message={message} />
    </article>
  )
}
