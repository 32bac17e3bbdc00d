import { describe, expect, it } from 'vitest'
import { sanitizeEmailHtml } from './sanitize-email'

const blocked = (html: string) => sanitizeEmailHtml(html, { allowRemoteImages: false })
const allowed = (html: string) => sanitizeEmailHtml(html, { allowRemoteImages: true })
/** The sanitized markup as a document, to ask questions of it. */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('sanitizeEmailHtml: scripts and handlers', () => {
  it('removes script elements, keeping the surrounding text', () => {
    const { html } = blocked('<p>Hello<script>window.__xss=1</script> there</p>')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain('__xss')
    expect(parse(html).body.textContent).toContain('Hello there')
  })

  it('removes every event handler attribute', () => {
    const { html } = blocked(
      '<img src="x" onerror="alert(1)"><div onclick="alert(2)" onmouseover="alert(3)">hi</div>' +
        '<body onload="alert(4)"><details open ontoggle="alert(5)">x</details>',
    )
    expect(html).not.toMatch(/\son\w+\s*=/i)
    expect(html).not.toContain('alert')
  })

  it('drops SVG and MathML, where most mutation tricks live', () => {
    const { html } = blocked(
      '<svg onload="alert(1)"><script>alert(2)</script></svg><math><mi>x</mi></math>',
    )
    expect(html).not.toMatch(/<svg|<math|<script|alert\(/i)
  })
})

describe('sanitizeEmailHtml: URLs', () => {
  it.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: with a tab entity', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['JavaScript: in capitals with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data:', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['an unknown scheme', '<a href="sms:+123">x</a>'],
    ['a relative path', '<a href="/api/auth/logout">x</a>'],
  ])('removes a %s link', (_name, input) => {
    const link = parse(blocked(input).html).querySelector('a')
    expect(link?.hasAttribute('href')).toBe(false)
    expect(link?.textContent).toBe('x')
  })

  it.each([
    'https://example.com/a',
    'http://example.com',
    'ftp://files.example.com',
    'mailto:a@b.c',
    'tel:+123',
    'callto:alex',
    'xmpp:alex@example.com',
  ])('keeps an allowed %s link, opening in a new tab without opener or referrer', (href) => {
    const link = parse(blocked(`<a href="${href}">x</a>`).html).querySelector('a')
    expect(link?.getAttribute('href')).toBe(href)
    expect(link?.getAttribute('target')).toBe('_blank')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('overrides a target the mail set itself', () => {
    const link = parse(blocked('<a href="https://x.test" target="_top">x</a>').html).querySelector(
      'a',
    )
    expect(link?.getAttribute('target')).toBe('_blank')
  })

  it('removes area links with bad schemes and javascript: in CSS', () => {
    const { html } = blocked(
      '<map><area href="javascript:alert(1)"></map><div style="background:url(javascript:alert(1))">x</div>',
    )
    expect(html).not.toMatch(/javascript:/i)
  })
})

describe('sanitizeEmailHtml: mutation tricks', () => {
  it('drops attributes that carry markup, and the text of raw-text containers', () => {
    const { html } = blocked(
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' +
        '<p title="a < b">kept</p><p title="<img src=x>">dropped</p><textarea><img src=x onerror=alert(2)></textarea>',
    )
    expect(html).not.toMatch(/onerror|alert/)
    const titles = [...parse(html).querySelectorAll('p')]
      .filter((p) => p.textContent)
      .map((p) => [p.textContent, p.getAttribute('title')])
    expect(titles).toEqual([
      ['kept', 'a < b'],
      ['dropped', null],
    ])
  })
})

describe('sanitizeEmailHtml: forms and embedded content', () => {
  it('removes forms, inputs, buttons and other controls', () => {
    const { html } = blocked(
      '<form action="https://evil.test"><input name="password"><textarea>t</textarea>' +
        '<select><option>o</option></select><button formaction="javascript:alert(1)">Go</button></form>',
    )
    expect(html).not.toMatch(/<(form|input|textarea|select|option|button)\b/i)
    expect(html).not.toMatch(/action=/i)
  })

  it('removes iframes, objects, embeds, meta refreshes and base', () => {
    const { html } = blocked(
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.test/">' +
        '<iframe src="javascript:alert(1)"></iframe><object data="x.swf"></object><embed src="x.swf"><p>ok</p>',
    )
    expect(html).not.toMatch(/<(meta|base|iframe|object|embed)\b/i)
    expect(parse(html).body.textContent).toContain('ok')
  })
})

describe('sanitizeEmailHtml: remote images', () => {
  const mail =
    '<img src="https://t.example.com/open.gif" width="1" height="1" alt="">' +
    '<img src="https://img.example.com/logo.png" srcset="https://img.example.com/logo@2x.png 2x" alt="Logo">' +
    '<table background="https://img.example.com/bg.png"><tr><td style="background-image:url(\'https://img.example.com/cell.png\');color:red">x</td></tr></table>'

  it('removes remote images, srcset, background attributes and CSS url()s by default', () => {
    const { html, blockedImages } = blocked(mail)
    expect(html).not.toMatch(/https?:\/\//)
    expect(blockedImages).toBeGreaterThanOrEqual(4)
    const doc = parse(html)
    expect(doc.querySelectorAll('img')).toHaveLength(2)
    expect(doc.querySelector('img[alt="Logo"]')?.hasAttribute('src')).toBe(false)
    // Other styling on the element survives.
    expect(doc.querySelector('td')?.getAttribute('style')).toContain('color:red')
  })

  it('keeps https images once the user allows them', () => {
    const { html, blockedImages } = allowed(mail)
    expect(blockedImages).toBe(0)
    const doc = parse(html)
    expect(doc.querySelector('img[alt="Logo"]')?.getAttribute('src')).toBe(
      'https://img.example.com/logo.png',
    )
    expect(doc.querySelector('table')?.getAttribute('background')).toBe(
      'https://img.example.com/bg.png',
    )
    expect(doc.querySelector('td')?.getAttribute('style')).toContain(
      'https://img.example.com/cell.png',
    )
  })

  it('keeps inline data: images and drops cid: ones, neither counted as remote', () => {
    const { html, blockedImages } = blocked(
      '<img alt="a" src="data:image/png;base64,iVBORw0KGgo="><img alt="b" src="cid:logo@mail">',
    )
    const doc = parse(html)
    expect(doc.querySelector('img[alt="a"]')?.getAttribute('src')).toMatch(/^data:image\/png/)
    expect(doc.querySelector('img[alt="b"]')?.hasAttribute('src')).toBe(false)
    expect(blockedImages).toBe(0)
  })

  it("shows the message's own inline parts from their data, and no other relative URL", () => {
    const own = '/api/gmail/messages/m1/attachments/a1'
    const data = 'data:image/png;base64,iVBORw0KGgo='
    const inlineImages = new Map([
      [own, data],
      ['/api/gmail/messages/m1/attachments/a2', 'javascript:alert(1)'],
    ])
    const { html, blockedImages } = sanitizeEmailHtml(
      `<img alt="own" src="${own}"><img alt="other" src="/api/gmail/messages/m2/attachments/a9">` +
        `<img alt="not data" src="/api/gmail/messages/m1/attachments/a2"><a href="${own}">x</a>`,
      { allowRemoteImages: false, inlineImages },
    )
    const doc = parse(html)
    expect(doc.querySelector('img[alt="own"]')?.getAttribute('src')).toBe(data)
    expect(doc.querySelector('img[alt="other"]')?.hasAttribute('src')).toBe(false)
    expect(doc.querySelector('img[alt="not data"]')?.hasAttribute('src')).toBe(false)
    expect(doc.querySelector('a')?.hasAttribute('href')).toBe(false)
    expect(blockedImages).toBe(0)
  })

  it('blocks remote images hidden in <style> blocks and image-set strings', () => {
    const { html, blockedImages } = blocked(
      '<style>.hero{background:url(https://img.example.com/hero.png)} .x{background-image:image-set("https://img.example.com/a.png" 1x)}</style><div class="hero">x</div>',
    )
    expect(html).not.toMatch(/https?:\/\//)
    expect(blockedImages).toBe(2)
  })
})

describe('sanitizeEmailHtml: CSS', () => {
  it('drops a dangerous declaration whole, semicolons inside it included, and keeps the rest', () => {
    const { html } = blocked(
      `<p style="width:expression(a=1;alert(1));color:red;background:url(javascript:x;y)">x</p>`,
    )
    expect(parse(html).querySelector('p')?.getAttribute('style')).toBe('color:red;')
  })

  it('removes a whole @import, semicolons in its quotes included', () => {
    const { html } = blocked(
      `<style>@import 'javascript:a=1;alert(1)'; @import url("x;y.css") screen; p{color:red}</style>`,
    )
    expect(html).not.toMatch(/alert|@import|x;y/)
    expect(html).toContain('p{color:red}')
  })

  it('removes @import, expression(), behaviors and -moz-binding, also when escaped', () => {
    const { html } = blocked(
      '<style>@import url(https://evil.test/x.css); @\\69mport "https://evil.test/y.css"; p{color:red}</style>' +
        '<p style="width:expression(alert(1));behavior:url(x.htc);-moz-binding:url(x.xml#x)">x</p>' +
        '<p style="width:ex\\70ression(alert(2))">y</p>',
    )
    expect(html).not.toMatch(/@import|expression\(|behavior:|-moz-binding|evil\.test/i)
    expect(html).toContain('p{color:red}')
  })

  it("keeps the mail's head styles and points its body and html selectors at the wrappers", () => {
    const { html } = blocked(
      '<html><head><style>body{margin:0;font-size:15px} html body .x{color:blue} :root{color:red}</style></head>' +
        '<body bgcolor="#f3f4f6" style="padding:4px"><p class="x">Hi</p></body></html>',
    )
    expect(html).toContain('.inkwell-body{margin:0;font-size:15px}')
    expect(html).toContain('.inkwell-html .inkwell-body .x{color:blue}')
    expect(html).toContain('.inkwell-html{color:red}')
    const wrapper = parse(html).querySelector('.inkwell-body')
    expect(wrapper?.getAttribute('style')).toBe('background-color:#f3f4f6;padding:4px')
  })

  it('cannot close the style element early', () => {
    const { html } = blocked('<style>p{content:"\\3C /style><img src=x onerror=alert(1)>"}</style>')
    expect(html).not.toMatch(/<img|onerror/i)
  })
})

/**
 * Every form in which CSS names a remote image, as a declaration. Each is written the way mail
 * would write it; the browser reads every one as a fetch from t.example.
 */
const REMOTE_CSS: [name: string, declaration: string][] = [
  ['url() unquoted', 'background:url(https://t.example/a.gif)'],
  ['url() single-quoted', "background:url('https://t.example/a.gif')"],
  ['url() double-quoted, spaced', 'background:url(  "https://t.example/a.gif"  )'],
  ['URL() in capitals', 'background:URL(https://t.example/a.gif)'],
  ['url( with newlines inside', 'background:url(\n  https://t.example/a.gif\n)'],
  ['an escaped u: \\75 rl(', 'background:\\75 rl(https://t.example/a.gif)'],
  ['an escaped r: u\\72l(', 'background:u\\72l(https://t.example/a.gif)'],
  ['escapes inside the URL', 'background:url(https://t.exam\\70 le/a.gif)'],
  ['a comment before the declaration', '/* x */background:url(https://t.example/a.gif)'],
  ['scheme-relative //host', 'background:url(//t.example/a.gif)'],
  ['scheme without slashes http:host', 'background:url(http:t.example/a.gif)'],
  ['backslashes for slashes', 'background:url("https:\\\\\\\\t.example\\\\a.gif")'],
  ['image-set() with strings', 'background-image:image-set("https://t.example/a.gif" 1x)'],
  [
    '-webkit-image-set() with url()',
    'background:-webkit-image-set(url(https://t.example/a.gif) 1x)',
  ],
  ['image-set() with a type', "background:image-set('https://t.example/a.gif' type('image/gif'))"],
  ['src()', 'background:src("https://t.example/a.gif")'],
  ['list-style', 'list-style:square url(https://t.example/a.gif) inside'],
  ['list-style-image', 'list-style-image:url(https://t.example/a.gif)'],
  ['cursor', 'cursor:url(https://t.example/a.cur),auto'],
  ['border-image', 'border-image:url(https://t.example/a.gif) 30 round'],
  ['border-image-source', 'border-image-source:url(https://t.example/a.gif)'],
  ['mask', 'mask:url(https://t.example/a.svg)'],
  ['-webkit-mask-image', '-webkit-mask-image:url(https://t.example/a.svg)'],
  ['content', 'content:url(https://t.example/a.gif)'],
  ['a custom property', '--pixel:url(https://t.example/a.gif)'],
]

describe('sanitizeEmailHtml: CSS URLs, read as the browser reads them', () => {
  it.each(REMOTE_CSS)('blocks a remote image in a style attribute: %s', (_name, declaration) => {
    const { html, blockedImages } = blocked(
      `<p style="color:red;${declaration.replace(/"/g, '&quot;')};font-weight:bold">x</p>`,
    )
    const style = parse(html).querySelector('p')?.getAttribute('style') ?? ''
    expect(style).not.toMatch(/t\.exam/)
    expect(style).toContain('color:red;')
    expect(style).toContain('font-weight:bold')
    expect(blockedImages).toBeGreaterThanOrEqual(1)
  })

  it.each(REMOTE_CSS)('blocks a remote image in a <style> block: %s', (_name, declaration) => {
    const { html, blockedImages } = blocked(
      `<style>.a{color:red;${declaration};font-weight:bold} @media screen{.b{${declaration}}}</style><p class="a">x</p>`,
    )
    const css = parse(html).querySelector('style')?.textContent ?? ''
    expect(css).not.toMatch(/t\.exam/)
    expect(css).toContain('color:red;')
    expect(css).toContain('font-weight:bold')
    expect(blockedImages).toBeGreaterThanOrEqual(2)
  })

  it('blocks remote fonts, imports in any spelling, and images in nested rules', () => {
    const { html, blockedImages } = blocked(
      '<style>@font-face{font-family:X;src:url(https://t.example/f.woff) format("woff")}' +
        '@import url(https://t.example/a.css); @\\69mport "https://t.example/b.css";' +
        '.a{color:red;&:hover{background:url(https://t.example/h.gif)}}' +
        '@supports (display:grid){@media print{.p{background:url(//t.example/p.gif)}}}</style>',
    )
    const css = parse(html).querySelector('style')?.textContent ?? ''
    expect(css).not.toMatch(/t\.exam|@import|\\69mport/i)
    expect(css).toContain('font-family:X;')
    expect(css).toContain('.a{color:red;&:hover{}}')
    // The font and the two images; imports are dropped whatever the setting, uncounted.
    expect(blockedImages).toBe(3)
  })

  it('drops a URL function fed by var(), attr() or env(), which could hand it any string', () => {
    const { html } = blocked(
      `<p style="--s:'https://t.example/a.gif';background-image:image-set(var(--s) 1x);color:red">x</p>`,
    )
    const style = parse(html).querySelector('p')?.getAttribute('style') ?? ''
    expect(style).not.toMatch(/image-set/)
    expect(style).toContain('color:red')
  })

  it('keeps inline data: images and drops relative and script URLs without counting them', () => {
    const { html, blockedImages } = blocked(
      '<p style="background:url(data:image/png;base64,iVBORw0KGgo=)">a</p>' +
        '<p style="background:url(/api/auth/logout);color:red">b</p>' +
        '<p style="background:url(javascript:alert(1));color:red">c</p>' +
        '<p style="background:url(cid:logo@mail);color:red">d</p>',
    )
    const styles = [...parse(html).querySelectorAll('p')].map((p) => p.getAttribute('style'))
    expect(styles[0]).toBe('background:url("data:image/png;base64,iVBORw0KGgo=")')
    expect(styles.slice(1)).toEqual(['color:red', 'color:red', 'color:red'])
    expect(blockedImages).toBe(0)
  })

  it('keeps absolute https images once allowed, but never a URL that depends on the base', () => {
    const { html, blockedImages } = allowed(
      '<p style="background:url(https://img.example.com/a.png);color:red">a</p>' +
        '<p style="background:url(http:img.example.com/b.png);color:red">b</p>' +
        '<style>.x{background:image-set("https://img.example.com/c.png" 1x)}</style>',
    )
    const doc = parse(html)
    const styles = [...doc.querySelectorAll('p')].map((p) => p.getAttribute('style'))
    expect(styles).toEqual([
      'background:url("https://img.example.com/a.png");color:red',
      'color:red',
    ])
    expect(doc.querySelector('style')?.textContent).toBe(
      '.x{background:image-set("https://img.example.com/c.png" 1x)}',
    )
    expect(blockedImages).toBe(0)
  })
})

describe('sanitizeEmailHtml: image URLs in attributes, read by the URL parser', () => {
  it.each([
    ['//t.example/a.gif'],
    ['http:t.example/a.gif'],
    ['https:\\\\t.example\\a.gif'],
    [' https://t.example/a.gif '],
    ['ht\ttps://t.example/a.gif'],
  ])('removes and counts %j', (src) => {
    const { html, blockedImages } = blocked(`<img alt="x" src="${src}">`)
    expect(parse(html).querySelector('img')?.hasAttribute('src')).toBe(false)
    expect(blockedImages).toBe(1)
  })

  it('removes a relative image without counting it: in the frame it would point at Inkwell', () => {
    const { html, blockedImages } = blocked('<img alt="x" src="/api/auth/logout">')
    expect(parse(html).querySelector('img')?.hasAttribute('src')).toBe(false)
    expect(blockedImages).toBe(0)
  })
})
