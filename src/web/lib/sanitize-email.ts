import createDOMPurify from 'dompurify'
import type { Config, DOMPurify } from 'dompurify'

/**
 * HTML mail, made safe to show (decision D7, spec section 5): DOMPurify with an HTML-only
 * whitelist, forms and embedded content removed, links limited to the spec's schemes and opened
 * in a new tab, and remote images (img src/srcset, background attributes, CSS url()) removed
 * until the user allows them. The result is rendered in a sandboxed srcdoc iframe (no scripts,
 * no same-origin) under the page's CSP plus the frame's own, so a sanitizer miss still cannot
 * run script or load a tracker.
 */

export type SanitizeOptions = {
  /** Keep https images (the user clicked "Load images"). */
  allowRemoteImages: boolean
}

export type SanitizedEmail = {
  /** Markup for the frame's body: the mail's own <style> blocks, then its body in a wrapper. */
  html: string
  /** Remote images and CSS backgrounds removed because remote images are not allowed. */
  blockedImages: number
}

/** The link schemes an email may use (spec section 5). */
const LINK_SCHEME = /^(?:https?|ftp|mailto|tel|callto|cid|xmpp):/i
/** DOMPurify tests every non-trivial attribute value against this, so besides the allowed
 * schemes it must let plain values (width="600", align="center") through; relative and
 * scheme-less URLs are then dropped by the hook below, where the attribute is known. */
const ALLOWED_URI_REGEXP =
  /^(?:(?:https?|ftp|mailto|tel|callto|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** The characters DOMPurify strips before testing a URL ("jav&#x09;ascript:" is javascript:). */
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g
const REMOTE_URL = /^(?:https?:)?\/\//i
const HTTP_URL = /^https?:\/\//i
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i

const FORBID_TAGS = [
  // Spec section 5 and D7.
  'script',
  'object',
  'embed',
  'form',
  'input',
  'button',
  // The rest of what can run, submit, navigate, load or hide content.
  'applet',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'keygen',
  'output',
  'iframe',
  'frame',
  'frameset',
  'portal',
  'noscript',
  'noembed',
  'noframes',
  'meta',
  'base',
  'link',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'canvas',
  'template',
  'slot',
  'shadow',
  'content',
  'element',
  'decorator',
  'dialog',
  'marquee',
]

const FORBID_ATTR = [
  'action',
  'formaction',
  'method',
  'enctype',
  'ping',
  'srcdoc',
  'autofocus',
  'autoplay',
  'popover',
  'popovertarget',
  'popovertargetaction',
  'command',
  'commandfor',
  'nonce',
  'integrity',
  'crossorigin',
  'lowsrc',
  'dynsrc',
  'longdesc',
  'usemap',
  'ismap',
  'tabindex',
  'contenteditable',
  'draggable',
  'slot',
  'part',
  'exportparts',
]

const CONFIG: Config = {
  // HTML only: no SVG or MathML namespaces, home of most mutation-XSS tricks; their text stays.
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR,
  // Raw-text containers whose text would only be markup someone hoped to smuggle.
  ADD_FORBID_CONTENTS: [
    'textarea',
    'select',
    'option',
    'noscript',
    'noembed',
    'noframes',
    'template',
  ],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  // The whole document, so the mail's <head> styles survive; RETURN_DOM is set per call.
  WHOLE_DOCUMENT: true,
}

type Run = { allowRemoteImages: boolean; blockedImages: number }
/** The options of the sanitize call in progress; DOMPurify's hooks are synchronous. */
let run: Run | null = null
let purifier: DOMPurify | null = null

function getPurifier(): DOMPurify {
  if (purifier) return purifier
  // An instance of our own, so these hooks never affect another caller of DOMPurify.
  const instance = createDOMPurify(window)
  instance.addHook('afterSanitizeElements', (node) => {
    if (run && node.nodeName === 'STYLE') {
      node.textContent = scopeRootSelectors(cleanCss(node.textContent ?? '', run))
    }
  })
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (run) cleanAttributes(node, run)
  })
  purifier = instance
  return instance
}

/** Replaces CSS escapes by the characters they stand for, so filters see the real text. */
function unescapeCss(css: string): string {
  return css.replace(
    /\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n\r\f0-9a-f])|\\[\n\r\f]/gi,
    (_m, hex?: string, ch?: string) => {
      if (hex) {
        const code = parseInt(hex, 16)
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        return String.fromCodePoint(valid ? code : 0xfffd)
      }
      return ch ?? ''
    },
  )
}

const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')

/** Whether an image URL may stay, counting the remote ones that are blocked. */
function keepImageUrl(raw: string, state: Run): boolean {
  const url = raw.replace(URL_WHITESPACE, '')
  if (DATA_IMAGE.test(url)) return true
  if (REMOTE_URL.test(url)) {
    if (state.allowRemoteImages && HTTP_URL.test(url)) return true
    if (!state.allowRemoteImages) state.blockedImages += 1
    return false
  }
  // cid: (inline parts we do not resolve), relative paths and every other scheme.
  return false
}

/** Splits CSS at `;`, `{` and `}` outside quotes and parentheses, keeping each delimiter. */
function splitCss(css: string): { text: string; delimiter: string }[] {
  const parts: { text: string; delimiter: string }[] = []
  let text = ''
  let depth = 0
  let quote: string | null = null
  for (let i = 0; i < css.length; i++) {
    const ch = css[i]!
    if (quote) {
      text += ch
      if (ch === '\\') text += css[++i] ?? ''
      else if (ch === quote) quote = null
      continue
    }
    if (ch === '"' || ch === "'") quote = ch
    else if (ch === '(') depth += 1
    else if (ch === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0 && (ch === ';' || ch === '{' || ch === '}')) {
      parts.push({ text, delimiter: ch })
      text = ''
      continue
    }
    text += ch
  }
  parts.push({ text, delimiter: '' })
  return parts
}

/** What CSS can do beyond styling: load a stylesheet, run script (old IE, old Firefox). */
const DANGEROUS_CSS =
  /@import|\bexpression\s*\(|-moz-binding|\bbehavior\s*:|(?:java|vb|live)script\s*:/i

/** Whether one declaration (or at-rule statement) may stay, counting blocked images. */
function keepDeclaration(declaration: string, state: Run): boolean {
  if (DANGEROUS_CSS.test(declaration)) return false
  let keep = true
  for (const match of declaration.matchAll(/\burl\(\s*(['"]?)([\s\S]*?)\1\s*\)/gi)) {
    if (!keepImageUrl(match[2] ?? '', state)) keep = false
  }
  // Remote references outside a well-formed url(): image-set("https://…"), a url( never closed.
  if (
    keep &&
    !state.allowRemoteImages &&
    /\/\//.test(declaration.replace(/\burl\(\s*(['"]?)data:[\s\S]*?\1\s*\)/gi, ''))
  ) {
    state.blockedImages += 1
    keep = false
  }
  return keep
}

/**
 * Drops, whole, every declaration that imports, runs script (IE's expression() and behaviors,
 * Firefox's -moz-binding, script URLs) or, until allowed, loads a remote image. Anything that
 * does not parse cleanly (an unclosed parenthesis) becomes one declaration and goes with it.
 */
function cleanCss(css: string, state: Run): string {
  const text = stripComments(unescapeCss(stripComments(css)))
  let out = ''
  for (const part of splitCss(text)) {
    // Text before "{" is a selector or an at-rule prelude, not a declaration.
    if (part.delimiter === '{' || keepDeclaration(part.text, state)) out += part.text
    out += part.delimiter
  }
  // A stray "<" could end the <style> element early when the frame document is parsed again.
  return out.replace(/</g, '\\3C ')
}

/**
 * The mail's `html`, `body` and `:root` selectors point at our wrappers instead, so its styles
 * apply the same way in the frame and in the shadow root that measures its height.
 */
function scopeRootSelectors(css: string): string {
  return css.replace(/(^|[{}])([^{}]*)(?=\{)/g, (_m, brace: string, prelude: string) => {
    if (prelude.trim().startsWith('@')) return brace + prelude
    return (
      brace +
      prelude
        .replace(/:root\b/gi, '.inkwell-html')
        .replace(/(^|[\s,>+~(])(html|body)(?![\w-])/gi, '$1.inkwell-$2')
    )
  })
}

/** Markup inside an attribute value: no use in mail, and the raw material of mutation XSS. */
const MARKUP_IN_VALUE = /<[a-z/!?]/i

function cleanAttributes(node: Element, state: Run): void {
  const tag = node.nodeName.toLowerCase()
  for (const { name, value } of [...node.attributes]) {
    if (MARKUP_IN_VALUE.test(value)) node.removeAttribute(name)
  }

  const href = node.getAttribute('href')
  if (href !== null) {
    const url = href.replace(URL_WHITESPACE, '')
    if ((tag === 'a' || tag === 'area') && LINK_SCHEME.test(url)) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    } else {
      node.removeAttribute('href')
    }
  }

  const cite = node.getAttribute('cite')
  if (cite !== null && !HTTP_URL.test(cite.replace(URL_WHITESPACE, '')))
    node.removeAttribute('cite')

  const src = node.getAttribute('src')
  if (src !== null && (tag !== 'img' || !keepImageUrl(src, state))) node.removeAttribute('src')

  const srcset = node.getAttribute('srcset')
  if (srcset !== null) {
    const urls = srcset
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
      .filter(Boolean)
    const keep = tag === 'img' && urls.length > 0 && urls.every((url) => keepImageUrl(url, state))
    if (!keep) node.removeAttribute('srcset')
  }

  const background = node.getAttribute('background')
  if (background !== null && !keepImageUrl(background, state)) node.removeAttribute('background')

  const style = node.getAttribute('style')
  if (style !== null) {
    const cleaned = cleanCss(style, state)
      .replace(/^[\s;]+/, '')
      .trim()
    if (cleaned) node.setAttribute('style', cleaned)
    else node.removeAttribute('style')
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Sanitizes one message's HTML; see the module comment for what goes. */
export function sanitizeEmailHtml(html: string, options: SanitizeOptions): SanitizedEmail {
  const purify = getPurifier()
  const state: Run = { allowRemoteImages: options.allowRemoteImages, blockedImages: 0 }
  run = state
  let root: Node | null
  try {
    root = purify.sanitize(html, { ...CONFIG, RETURN_DOM: true })
  } finally {
    run = null
  }
  if (!(root instanceof window.Element)) return { html: '', blockedImages: 0 }

  const headStyles = [...root.querySelectorAll('head style')]
    .map((style) => style.outerHTML)
    .join('')
  const body = root.querySelector('body')
  // The body's own look (background, text colour) moves to the wrapper that replaces it.
  const bodyStyles: string[] = []
  const bgcolor = body?.getAttribute('bgcolor')
  if (bgcolor && /^#?[0-9a-z]{1,20}$/i.test(bgcolor)) bodyStyles.push(`background-color:${bgcolor}`)
  const text = body?.getAttribute('text')
  if (text && /^#?[0-9a-z]{1,20}$/i.test(text)) bodyStyles.push(`color:${text}`)
  const inline = body?.getAttribute('style')
  if (inline) bodyStyles.push(inline)
  const styleAttribute = bodyStyles.length
    ? ` style="${escapeAttribute(bodyStyles.join(';'))}"`
    : ''

  return {
    html: `${headStyles}<div class="inkwell-body"${styleAttribute}>${body?.innerHTML ?? ''}</div>`,
    blockedImages: state.blockedImages,
  }
}
