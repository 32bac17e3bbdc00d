import { createHash } from 'node:crypto'
import type { MailFrameQuery } from '../../../contract/mail-frame.js'

/*
 * The document a message's HTML is shown in (docs/decisions/007). It is served, not written
 * into `srcdoc`, because a srcdoc (or blob:) frame inherits the page's CSP: the page would then
 * have to allow every https image for mail images to load after "Load images". A document of
 * its own has only the policy below.
 *
 * The frame is sandboxed without allow-same-origin, so it cannot reach Inkwell, and the parent
 * cannot read its height. Its one script, allowed by hash and by nothing else, takes the
 * sanitized markup from the parent once and reports the height it needs as it changes (images
 * loading, the pane resizing). The mail's own scripts were removed by the sanitizer, and its
 * inline handlers would not run under this policy either.
 */

/** Runs in the frame; plain ES2017, no build step. The message shapes are in contract/mail-frame. */
const FRAME_SCRIPT = `addEventListener('message', function show(event) {
  if (event.source !== parent || !event.data || typeof event.data.html !== 'string') return
  removeEventListener('message', show)
  var root = document.documentElement
  var mail = document.getElementById('mail')
  mail.innerHTML = event.data.html
  var body = mail.querySelector(':scope > .inkwell-body') || mail
  function report() {
    // The mail's own height, even when it made its wrappers position:fixed (out of the flow),
    // plus the horizontal scroll bar of a mail wider than the pane (innerHeight - clientHeight).
    var height = Math.max(root.getBoundingClientRect().height, mail.scrollHeight, body.scrollHeight)
    parent.postMessage({ height: Math.ceil(height) + innerHeight - root.clientHeight }, '*')
  }
  var observer = new ResizeObserver(report)
  observer.observe(root)
  observer.observe(mail)
  observer.observe(body)
  // An image that loads inside a fixed-size box changes no box the observer watches.
  document.addEventListener('load', report, true)
  // The "…" of folded quoted text is a <details> that opens without us; this keeps its
  // aria-expanded true to it for screen readers.
  document.addEventListener('toggle', function (event) {
    var toggle = event.target.firstElementChild
    if (toggle && toggle.className === 'inkwell-trim-toggle') {
      toggle.setAttribute('aria-expanded', event.target.open ? 'true' : 'false')
    }
  }, true)
})`

const SCRIPT_HASH = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`

/** The look every mail starts from; the mail's html, body and :root styles land on these. */
const BASE_CSS = [
  'html,body{margin:0;padding:0;background:#ffffff}',
  '.inkwell-html{display:flow-root;color:#1f2937;background:#ffffff;',
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;",
  'font-size:14px;line-height:1.5;overflow-wrap:break-word}',
  '.inkwell-body{display:flow-root;padding:16px}',
  '.inkwell-html img{max-width:100%;height:auto}',
  '.inkwell-html pre{white-space:pre-wrap}',
  '.inkwell-html a{color:#1d4ed8}',
  // The "…" toggle of folded quoted text and signatures (web/lib/fold-quoted-html.ts).
  '.inkwell-trim>summary{display:inline-block;list-style:none;cursor:pointer;margin:8px 0;',
  'padding:0 8px;border:1px solid #d1d5db;border-radius:8px;background:#f3f4f6;color:#374151;',
  'font:bold 12px/16px sans-serif;letter-spacing:1px}',
  '.inkwell-trim>summary::-webkit-details-marker{display:none}',
  '.inkwell-trim>summary:hover{background:#e5e7eb}',
  '.inkwell-trim>summary:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}',
].join('')

/**
 * The frame's policy: its one script, inline styles (mail is styled inline), images inline
 * only until the user allows remote ones, and nothing else: no fetch, no fonts from anywhere,
 * no forms, no base URL, embeddable by Inkwell alone.
 */
export function mailFrameCsp({ images }: MailFrameQuery): string {
  return [
    "default-src 'none'",
    `script-src ${SCRIPT_HASH}`,
    "style-src 'unsafe-inline'",
    `img-src data:${images === 'allowed' ? ' https:' : ''}`,
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** The frame's document; `<base target>` sends every link to a new tab (the sandbox allows popups). */
export const MAIL_FRAME_DOCUMENT = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8">',
  '<meta name="referrer" content="no-referrer"><base target="_blank">',
  `<style>${BASE_CSS}</style><script>${FRAME_SCRIPT}</script>`,
  '</head><body><div class="inkwell-html" id="mail"></div></body></html>',
].join('')
