import { describe, expect, it } from 'vitest'
import { sanitizeDeclarations, sanitizeStylesheet } from './sanitize-css'

// What DOMPurify never lets reach these functions (a <style> holding "<x") is tested here
// directly; every URL form is tested through sanitizeEmailHtml, as mail meets it.
const refuseAll = () => false

describe('sanitizeStylesheet', () => {
  it('writes nothing that could end the <style> element when the markup is parsed again', () => {
    const css = sanitizeStylesheet(
      'p{content:"\\3C /style><img src=x>"} q{content:"a"/* </style> */} .x\\<{color:red} i{a:b</style>}',
      refuseAll,
    )
    expect(css).not.toMatch(/<\//)
    expect(css).toContain('p{content:"\\3C /style>\\3C img src=x>"}')
    expect(css).toContain('q{content:"a" }')
  })

  it('points the mail’s html, body and :root at the wrappers, and nothing else named so', () => {
    expect(
      sanitizeStylesheet(
        'html body .x{a:b} :root{c:d} .body,#html,[x=body],a:not(body){e:f} @media print{body{g:h}}',
        refuseAll,
      ),
    ).toBe(
      '.inkwell-html .inkwell-body .x{a:b} .inkwell-html{c:d} .body,#html,[x=body],a:not(.inkwell-body){e:f} @media print{.inkwell-body{g:h}}',
    )
  })

  it('keeps a stray "}" at the top level from hiding the rules after it', () => {
    expect(
      sanitizeStylesheet('} p{background:url(https://t.example/a.gif)} i{a:b}', refuseAll),
    ).toBe('} p{} i{a:b}')
  })
})

describe('sanitizeDeclarations', () => {
  it('drops a declaration ended early by a bad url, and the leftovers after it', () => {
    expect(
      sanitizeDeclarations("color:red;background:url(javascript:a(1);fetch('/x'));b:c", () => true),
    ).toBe('color:red;b:c')
  })

  it('drops nested rules and at-rules: a style attribute holds declarations only', () => {
    expect(sanitizeDeclarations('a:b;@media print{c:d}x{e:f}g:h', refuseAll)).toBe('a:b;g:h')
  })

  it('finds a string in an image function however the blocks around it are nested', () => {
    const seen: string[] = []
    const css = sanitizeDeclarations(
      'a:image-set([ ) ] "https://t.example/1.gif" 1x);b:image-set(("https://t.example/2.gif") 1x);c:d',
      (url) => {
        seen.push(url)
        return false
      },
    )
    expect(css).toBe('c:d')
    expect(seen).toEqual(['https://t.example/1.gif', 'https://t.example/2.gif'])
  })

  it('reads the MIME type in image-set() as a type, not as a URL', () => {
    const https = (url: string) => url.startsWith('https://')
    expect(
      sanitizeDeclarations('a:image-set("https://i.example/1.png" type("image/png"))', https),
    ).toBe('a:image-set("https://i.example/1.png" type("image/png"))')
  })
})
