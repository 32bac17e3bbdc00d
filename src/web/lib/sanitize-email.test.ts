import { describe, expect, it } from 'vitest'
import { emailFrameDocument } from './email-frame'
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

describe('the frame document', () => {
  it('carries its own CSP: no script, images inline only until allowed', () => {
    const doc = emailFrameDocument('<p>x</p>', { allowRemoteImages: false })
    expect(doc).toContain(`default-src 'none'; img-src data:;`)
    expect(doc).toContain('<base target="_blank">')
    expect(emailFrameDocument('<p>x</p>', { allowRemoteImages: true })).toContain(
      'img-src data: https:;',
    )
  })
})
