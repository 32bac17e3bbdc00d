import { useEffect, useRef, useState, type RefObject } from 'react'
import { ImageOff } from 'lucide-react'
import {
  MAIL_FRAME_PATH,
  readFrameHeight,
  type MailFrameContent,
} from '../../../../contract/mail-frame'
import { Button } from '../../../components/ui/button'
import type { SanitizedEmail } from '../../../lib/sanitize-email'

/** The frame's height before it has reported one. */
const MIN_HEIGHT = 48
/**
 * The tallest the frame grows; a longer mail scrolls inside it. A cap, because the height comes
 * from the mail's own layout: `height:110vh` would otherwise grow with every report.
 */
const MAX_HEIGHT = 20_000
/** The frame's border, top and bottom: its height is its border box. */
const BORDERS = 2

/**
 * The height the frame reports for its content. The frame is sandboxed without same-origin, so
 * nothing here can read it; its one script posts the height instead. Only messages from this
 * frame's window count, and the value is clamped: the mail decides its own height, never more.
 */
function useReportedHeight(frameRef: RefObject<HTMLIFrameElement | null>): number {
  const [height, setHeight] = useState(MIN_HEIGHT)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current
      if (!frame || event.source !== frame.contentWindow) return
      const reported = readFrameHeight(event.data)
      if (reported === null) return
      setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(reported) + BORDERS)))
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [frameRef])
  return height
}

const blockedImages = (count: number) =>
  `${count} remote ${count === 1 ? 'image' : 'images'} blocked`

/**
 * A message's HTML in a sandboxed frame (decision 007): allow-scripts for the frame's
 * own hashed script only (its CSP admits nothing else), no allow-same-origin, so nothing in it
 * reaches Inkwell; allow-popups lets links open in a new tab, free of the sandbox. The frame's
 * document comes from the server with its own CSP; remote images wait for "Load images".
 */
export function HtmlBody({
  sanitized,
  allowImages,
  onLoadImages,
  title,
}: {
  sanitized: SanitizedEmail
  allowImages: boolean
  onLoadImages: () => void
  title: string
}) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  const height = useReportedHeight(frameRef)
  const src = `${MAIL_FRAME_PATH}?${new URLSearchParams({ images: allowImages ? 'allowed' : 'blocked' })}`

  // The content goes in once the frame document has loaded, and only into the document loaded
  // first: a later load means the frame navigated away. Its origin is opaque, so '*' is the only
  // target there is.
  const deliveredTo = useRef<HTMLIFrameElement | null>(null)
  const deliver = (frame: HTMLIFrameElement) => {
    if (!frame.contentWindow || deliveredTo.current === frame) return
    deliveredTo.current = frame
    const content: MailFrameContent = { html: sanitized.html }
    frame.contentWindow.postMessage(content, '*')
  }

  return (
    <div className="space-y-2">
      {!allowImages && sanitized.blockedImages > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm"
        >
          <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="flex-1">
            {`Images are hidden to protect your privacy (${blockedImages(sanitized.blockedImages)})`}
          </span>
          <Button size="sm" variant="outline" onClick={onLoadImages}>
            Load images
          </Button>
        </div>
      )}
      <iframe
        // A new frame when images are allowed: each frame takes its content once (a message's
        // HTML itself never changes; only the image setting re-sanitizes it).
        key={src}
        ref={frameRef}
        title={title}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        src={src}
        onLoad={(event) => deliver(event.currentTarget)}
        data-testid="email-frame"
        className="block w-full rounded-md border border-border bg-white"
        style={{ height, colorScheme: 'light' }}
      />
    </div>
  )
}
