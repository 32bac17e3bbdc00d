import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { ImageOff } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { emailFrameDocument, emailMeasureMarkup } from '../../../lib/email-frame'
import type { SanitizedEmail } from '../../../lib/sanitize-email'

const MIN_HEIGHT = 48
/** Room for a horizontal scroll bar when the mail is wider than the pane (600px newsletters). */
const SCROLLBAR = 17

/**
 * How tall the frame must be to show the whole mail without its own scroll bar. The frame is
 * sandboxed without same-origin, so its document cannot be read from here; instead the same
 * sanitized markup, with the same base styles, is laid out in a closed shadow root off-screen
 * at the frame's width, and measured — again whenever the width changes or an image loads.
 * It is safe in the page: the markup is sanitized and the page CSP forbids inline script. If the
 * guess is ever short, the frame still scrolls.
 */
function useFrameHeight(frameRef: RefObject<HTMLIFrameElement | null>, html: string): number {
  const [height, setHeight] = useState(MIN_HEIGHT)
  useLayoutEffect(() => {
    const frame = frameRef.current
    if (!frame) return
    const host = document.createElement('div')
    host.setAttribute('aria-hidden', 'true')
    host.inert = true
    host.style.cssText =
      'position:fixed;top:0;left:-100000px;visibility:hidden;pointer-events:none;contain:layout paint'
    const shadow = host.attachShadow({ mode: 'closed' })
    shadow.innerHTML = emailMeasureMarkup(html)
    document.body.append(host)
    const content = shadow.querySelector<HTMLElement>('.inkwell-html')

    let pending = 0
    const measure = () => {
      cancelAnimationFrame(pending)
      pending = requestAnimationFrame(() => {
        const width = frame.clientWidth
        if (!content || width === 0) return
        host.style.width = `${width}px`
        const contentHeight = Math.ceil(
          Math.max(content.getBoundingClientRect().height, content.scrollHeight),
        )
        const overflowsX = content.scrollWidth > width + 1
        setHeight(Math.max(MIN_HEIGHT, contentHeight + (overflowsX ? SCROLLBAR : 0) + 2))
      })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(frame)
    if (content) observer.observe(content)
    return () => {
      cancelAnimationFrame(pending)
      observer.disconnect()
      host.remove()
    }
  }, [frameRef, html])
  return height
}

/**
 * A message's HTML in a sandboxed frame (D7): no allow-scripts and no allow-same-origin, so
 * nothing in it runs or reaches Inkwell; allow-popups lets its links open in a new tab, free of
 * the sandbox. Remote images wait for "Load images".
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
  const srcDoc = useMemo(
    () => emailFrameDocument(sanitized.html, { allowRemoteImages: allowImages }),
    [sanitized.html, allowImages],
  )
  const height = useFrameHeight(frameRef, sanitized.html)

  return (
    <div className="space-y-2">
      {!allowImages && sanitized.blockedImages > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm"
        >
          <ImageOff aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="flex-1">Images are hidden to protect your privacy</span>
          <Button size="sm" variant="outline" onClick={onLoadImages}>
            Load images
          </Button>
        </div>
      )}
      <iframe
        ref={frameRef}
        title={title}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        data-testid="email-frame"
        className="block w-full rounded-md border border-border bg-white"
        style={{ height, colorScheme: 'light' }}
      />
    </div>
  )
}
