import createDOMPurify from 'dompurify'
import type { Config, DOMPurify } from 'dompurify'
import { applyFolds, planFolds, type FoldPlan } from './fold-quoted-html'
import { sanitizeDeclarations, sanitizeStylesheet } from './sanitize-css'

/**
 * HTML mail, made safe to show (decisions 005 and 007): DOMPurify with an HTML-only
 * whitelist, forms and embedded content removed, links limited to the spec's schemes and opened
 * in a new tab, and remote images (img src/srcset, background attributes, every URL in its CSS,
 * see sanitize-css.ts) removed until the user allows them. The result is shown in a sandboxed
 * frame without same-origin whose own CSP runs only the frame's one script and loads images
 * only once allowed (docs/decisions/007), so a sanitizer miss still cannot run script or load a
 * tracker.
 */

export type SanitizeOptions = {
  /** Keep https images (the user clicked "Load images"). */
  allowRemoteImages: boolean
  /**
   * The message's own inline images (its `cid:` parts, which the server linked to their
   * attachment path), as data: URLs by that path (decision 037). An img whose src is exactly
   * one of these paths shows the data: image; every other relative URL is still removed.
   */
  inlineImages?: ReadonlyMap<string, string>
  /** Fold quoted history and signatures behind a "…" toggle (fold-quoted-html.ts, issue 25). */
  foldQuoted?: boolean
  /**
   * The message this HTML is (its id): where its folds go is then found once for this HTML and
   * reused by each later sanitize of it, whatever its images (issue 25).
   */
  foldKey?: string
}

export type SanitizedEmail = {
  /** Markup for the frame's body: the mail's own <style> blocks, then its body in a wrapper. */
  html: string
  /** Remote images and CSS backgrounds removed because remote images are not allowed. */
  blockedImages: number
}

/** The link schemes an email may use (the spec's whitelist, decision 005). */
const LINK_SCHEME = /^(?:https?|ftp|mailto|tel|callto|cid|xmpp):/i
/** DOMPurify tests every non-trivial attribute value against this, so besides the allowed
 * schemes it must let plain values (width="600", align="center") through; relative and
 * scheme-less URLs are then dropped by the hook below, where the attribute is known. */
const ALLOWED_URI_REGEXP =
  /^(?:(?:https?|ftp|mailto|tel|callto|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** The characters DOMPurify strips before testing a URL ("jav&#x09;ascript:" is javascript:). */
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g
const HTTP_URL = /^https?:\/\//i
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i

const FORBID_TAGS = [
  // The link rules of decision 005.
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

type Run = {
  allowRemoteImages: boolean
  blockedImages: number
  inlineImages: ReadonlyMap<string, string>
}
/** The options of the sanitize call in progress; DOMPurify's hooks are synchronous. */
let run: Run | null = null
let purifier: DOMPurify | null = null

function getPurifier(): DOMPurify {
  if (purifier) return purifier
  // An instance of our own, so these hooks never affect another caller of DOMPurify.
  const instance = createDOMPurify(window)
  instance.addHook('afterSanitizeElements', (node) => {
    const state = run
    if (state && node.nodeName === 'STYLE') {
      node.textContent = sanitizeStylesheet(node.textContent ?? '', (url) =>
        keepImageUrl(url, state),
      )
    }
  })
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (run) cleanAttributes(node, run)
  })
  purifier = instance
  return instance
}

/** Resolves a URL the way the frame will, against two unrelated bases to tell relative apart. */
function resolve(url: string, base: string): URL | null {
  try {
    return new URL(url, base)
  } catch {
    return null
  }
}
const BASE_A = 'https://a.inkwell.invalid/'
const BASE_B = 'http://b.inkwell.invalid/'
const FETCHED_SCHEMES = new Set(['http:', 'https:'])

/**
 * Whether an image URL may stay, counting the remote ones that are blocked. The URL is read by
 * the URL parser itself, as the browser reads it: "https:\\host", "//host" and "http:host"
 * (no slashes) all reach another host. A URL that means something else under another base is
 * relative: in the frame it would point at Inkwell itself, so it goes, uncounted.
 */
function keepImageUrl(raw: string, state: Run): boolean {
  if (DATA_IMAGE.test(raw.replace(URL_WHITESPACE, ''))) return true
  const a = resolve(raw, BASE_A)
  const b = resolve(raw, BASE_B)
  // cid: (inline parts we do not resolve), javascript: and every other scheme.
  if (!a || !b || !FETCHED_SCHEMES.has(a.protocol) || !FETCHED_SCHEMES.has(b.protocol)) return false
  const remote = a.host !== new URL(BASE_A).host || b.host !== new URL(BASE_B).host
  if (!remote) return false
  if (!state.allowRemoteImages) {
    state.blockedImages += 1
    return false
  }
  return a.href === b.href
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
  const inline = src !== null && tag === 'img' ? state.inlineImages.get(src) : undefined
  if (inline && DATA_IMAGE.test(inline)) node.setAttribute('src', inline)
  else if (src !== null && (tag !== 'img' || !keepImageUrl(src, state))) node.removeAttribute('src')

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
    const cleaned = sanitizeDeclarations(style, (url) => keepImageUrl(url, state))
    if (cleaned) node.setAttribute('style', cleaned)
    else node.removeAttribute('style')
  }
}

/** Each message's folds by its key, with the HTML they were found in; bounded, oldest out. */
const foldPlans = new Map<string, { html: string; plan: FoldPlan }>()
const MAX_FOLD_PLANS = 200

function foldBody(body: Element, html: string, key: string | undefined): void {
  const known = key === undefined ? undefined : foldPlans.get(key)
  if (known?.html === html && applyFolds(body, known.plan) !== null) return
  const plan = planFolds(body)
  applyFolds(body, plan)
  if (key === undefined) return
  foldPlans.delete(key)
  if (foldPlans.size >= MAX_FOLD_PLANS) foldPlans.delete(foldPlans.keys().next().value!)
  foldPlans.set(key, { html, plan })
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Sanitizes one message's HTML; see the module comment for what goes. */
export function sanitizeEmailHtml(html: string, options: SanitizeOptions): SanitizedEmail {
  const purify = getPurifier()
  const state: Run = {
    allowRemoteImages: options.allowRemoteImages,
    blockedImages: 0,
    inlineImages: options.inlineImages ?? new Map(),
  }
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
  // On what was kept: the folds are Inkwell's markup, added after the mail was cleaned.
  if (body && options.foldQuoted) foldBody(body, html, options.foldKey)
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

/**
 * A small mail with what most mail has (a style block, a table, an image, a link, a quoted
 * reply), sanitized once by `warmSanitizer`.
 */
const WARM_UP_MAIL = `<html><head><style>p{color:#333;background:url(https://e.invalid/a.png)}</style></head>
<body style="margin:0"><table width="600" align="center"><tr><td><p>Hi,<br>See <a href="https://example.com">this</a>.</p>
<img src="https://e.invalid/t.gif" width="1" height="1"></td></tr></table>
<div class="gmail_quote">On Mon, Ana wrote:<blockquote>Earlier</blockquote></div></body></html>`

/**
 * Sets the sanitizer up (DOMPurify's instance and hooks, the CSS rules, the quote folding) and
 * runs it once, so that the first message opened does not pay for it (decision 061).
 */
export function warmSanitizer(): void {
  sanitizeEmailHtml(WARM_UP_MAIL, { allowRemoteImages: false, foldQuoted: true })
}
