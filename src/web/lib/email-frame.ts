import type { SanitizeOptions } from './sanitize-email'

// How sanitized mail is shown: the sandboxed frame's document, and the same content for the
// shadow root where its height is measured (docs/decisions/005).

/** The look every mail starts from, the same in the frame and in the measuring shadow root. */
export const EMAIL_BASE_CSS = [
  '.inkwell-html{display:flow-root;color:#1f2937;background:#ffffff;',
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;",
  'font-size:14px;line-height:1.5;overflow-wrap:break-word}',
  '.inkwell-body{display:flow-root;padding:16px}',
  '.inkwell-html img{max-width:100%;height:auto}',
  '.inkwell-html pre{white-space:pre-wrap}',
  '.inkwell-html a{color:#1d4ed8}',
].join('')

/**
 * The frame's document. Its own CSP narrows the inherited page policy: no script, no fonts or
 * styles from anywhere, images only inline unless the user allowed remote ones. `<base
 * target="_blank">` sends every navigation to a new tab (the sandbox allows popups only).
 */
export function emailFrameDocument(sanitizedHtml: string, options: SanitizeOptions): string {
  const images = options.allowRemoteImages ? 'data: https:' : 'data:'
  const csp = `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:; form-action 'none'`
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<base target="_blank">',
    `<style>html,body{margin:0;padding:0;background:#ffffff}${EMAIL_BASE_CSS}</style>`,
    `</head><body><div class="inkwell-html">${sanitizedHtml}</div></body></html>`,
  ].join('')
}

/** The same content for a shadow root in the page, where it can be measured. */
export function emailMeasureMarkup(sanitizedHtml: string): string {
  return `<style>:host{all:initial;display:block}${EMAIL_BASE_CSS}</style><div class="inkwell-html">${sanitizedHtml}</div>`
}
