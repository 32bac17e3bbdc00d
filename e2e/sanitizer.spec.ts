import { expect, test, type Frame, type Locator, type Page, type Route } from '@playwright/test'
import type { EmailMessage, ThreadDetail } from '../src/contract/mail'
import { MAIL_FRAME_PATH } from '../src/contract/mail-frame'
import { E2E_URL } from '../playwright.config'
import { signIn } from './support'

/**
 * HTML mail is hostile input. Each vector below is served as the body of a conversation (the
 * thread detail call is intercepted), rendered by the real viewer in real Chromium, and must
 * neither run script nor load anything: no flag on the page, no dialog, no beacon request,
 * nothing refused by the frame's CSP (the sanitizer itself removed it), a sandbox without
 * allow-same-origin, and no dangerous markup left in the frame.
 */

// Every payload tries all the ways to be noticed; quotes are single so they nest in attributes.
const JS = "top.__xss=1;parent.__xss=1;alert(1);fetch('/xss-beacon')"
const B64_SCRIPT = Buffer.from(`<script>${JS}</script>`).toString('base64')

const VECTORS: [name: string, html: string][] = [
  ['script tag', `<p>hi</p><script>${JS}</script>`],
  ['script with src', `<script src="/xss-beacon.js"></script>`],
  ['img onerror', `<img src="x" onerror="${JS}">`],
  ['IMG SRC=javascript: in caps', `<IMG SRC="JaVaScRiPt:${JS}">`],
  ['svg onload', `<svg onload="${JS}"></svg>`],
  ['svg script', `<svg><script>${JS}</script></svg>`],
  [
    'svg animate onbegin',
    `<svg><animate onbegin="${JS}" attributeName="x" dur="1s"></animate></svg>`,
  ],
  [
    'svg xlink:href javascript:',
    `<svg><a xlink:href="javascript:${JS}"><text x="20" y="20">x</text></a></svg>`,
  ],
  ['a href javascript:', `<a href="javascript:${JS}">click</a>`],
  ['a href data:text/html', `<a href="data:text/html;base64,${B64_SCRIPT}">click</a>`],
  ['a href vbscript:', `<a href="vbscript:msgbox(1)">click</a>`],
  ['a href with a tab entity', `<a href="jav&#x09;ascript:${JS}">click</a>`],
  [
    'a href entity-encoded',
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`,
  ],
  ['a href with a control character', `<a href=" &#14; javascript:${JS}">click</a>`],
  [
    'area href javascript:',
    `<map name="m"><area shape="rect" coords="0,0,99,99" href="javascript:${JS}"></map><img usemap="#m" alt="map">`,
  ],
  [
    'form action javascript:',
    `<form action="javascript:${JS}"><input type="submit" value="Go"></form>`,
  ],
  ['button formaction', `<form><button formaction="javascript:${JS}">Go</button></form>`],
  ['input autofocus onfocus', `<input autofocus onfocus="${JS}">`],
  ['iframe src javascript:', `<iframe src="javascript:${JS}"></iframe>`],
  ['iframe srcdoc', `<iframe srcdoc="&lt;script&gt;${JS}&lt;/script&gt;"></iframe>`],
  ['object data', `<object data="data:text/html;base64,${B64_SCRIPT}"></object>`],
  ['embed src', `<embed src="javascript:${JS}">`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=javascript:${JS}">`],
  ['base href', `<base href="javascript:${JS}//"><a href="/x">relative</a>`],
  ['link stylesheet', `<link rel="stylesheet" href="/xss-beacon.css">`],
  ['CSS expression()', `<div style="width:expression(${JS})">x</div>`],
  ['CSS url(javascript:)', `<div style="background:url(javascript:${JS})">x</div>`],
  [
    'style @import',
    `<style>@import url(/xss-beacon.css); @import 'javascript:${JS}';</style><p>x</p>`,
  ],
  [
    'style behavior and -moz-binding',
    `<div style="behavior:url(/xss-beacon.htc);-moz-binding:url(/xss-beacon.xml#x)">x</div>`,
  ],
  ['noscript mutation', `<noscript><p title="</noscript><img src=x onerror=${JS}>"></noscript>`],
  ['svg/style mutation', `<svg></p><style><a id="</style><img src=1 onerror=${JS}>">`],
  ['math mglyph mutation', `<math><mtext><table><mglyph><style><img src=x onerror=${JS}>`],
  [
    'math maction href',
    `<math><maction actiontype="statusline" xlink:href="javascript:${JS}">click</maction></math>`,
  ],
  ['details ontoggle', `<details open ontoggle="${JS}"><summary>s</summary>x</details>`],
  ['body onload', `<body onload="${JS}"><p>x</p></body>`],
  ['marquee onstart', `<marquee onstart="${JS}">x</marquee>`],
  ['unknown element onclick', `<x onclick="${JS}">click me</x>`],
  ['video source onerror', `<video><source onerror="${JS}"></video>`],
  ['template script', `<template><script>${JS}</script></template>`],
  ['td background javascript:', `<table><tr><td background="javascript:${JS}">x</td></tr></table>`],
  ['unclosed img', `<img src=x onerror=${JS}`],
  ['broken attribute quoting', `<img src="x"" onerror="${JS}">`],
  ['comment trick', `<!--<img src="--><img src=x onerror=${JS}//">`],
  ['textarea breakout', `<textarea><img src=x onerror=${JS}></textarea>`],
  ['title breakout', `<title><img src=x onerror=${JS}></title>`],
]

let counter = 0
/** Attachments of a vector's message, by thread id (its inline image parts). */
const INLINE_PARTS = new Map<string, EmailMessage['attachments']>()

function detailFor(
  id: string,
  html: string,
  attachments: EmailMessage['attachments'] = [],
): ThreadDetail {
  const message: EmailMessage = {
    id: `${id}-m`,
    threadId: id,
    subject: `Vector ${id}`,
    snippet: 'A hostile message',
    body: 'A hostile message',
    textBody: 'A hostile message',
    htmlBody: html,
    hasHtml: true,
    sender: { name: 'Mallory', email: 'mallory@evil.test' },
    recipient: 'sam.rivera@inkwell.demo',
    cc: '',
    timestamp: new Date().toISOString(),
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    headers: {
      from: 'Mallory <mallory@evil.test>',
      to: 'sam.rivera@inkwell.demo',
      cc: '',
      bcc: '',
      date: new Date().toUTCString(),
      subject: `Vector ${id}`,
      messageId: `<${id}@evil.test>`,
      replyTo: '',
    },
    inReplyTo: '',
    references: '',
    attachments,
  }
  return {
    id,
    subject: `Vector ${id}`,
    labels: ['INBOX'],
    isUnread: false,
    isStarred: false,
    messages: [message],
  }
}

const APP_ORIGIN = new URL(E2E_URL).origin

type Watch = {
  dialogs: string[]
  beacons: string[]
  /** What a CSP had to refuse: something the sanitizer should have removed first. */
  blocked: string[]
  /** Requests to tracker.example. */
  remote: string[]
  /** Every request that left Inkwell's own origin, or reached it for a tracker. */
  offsite: string[]
}

async function watch(page: Page, bodies: Map<string, string>): Promise<Watch> {
  const seen: Watch = { dialogs: [], beacons: [], blocked: [], remote: [], offsite: [] }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol === 'data:') return
    if (url.origin !== APP_ORIGIN || /tracker/i.test(url.pathname)) seen.offsite.push(url.href)
  })
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    // A CSP had to stop something in the mail frame (a script, a handler, an image, a font), or
    // a load or script in the page: the sanitizer let it through. (Chromium also warns about the
    // handlers in the inert document DOMPurify parses the mail into, before it removes them.)
    const text = message.text()
    const inFrame = message.location().url.includes(MAIL_FRAME_PATH)
    if (
      (inFrame && /Content Security Policy/i.test(text)) ||
      /Refused to (execute|load)|Loading the|Executing inline script/i.test(text)
    ) {
      seen.blocked.push(text)
    }
  })
  await page.route('**/xss-beacon**', (route) => {
    seen.beacons.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  await page.route('**://tracker.example/**', (route) => {
    seen.remote.push(route.request().url())
    return route.fulfill({
      status: 200,
      contentType: 'image/gif',
      body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'),
    })
  })
  await page.route(
    (url) => /^\/api\/gmail\/threads\/xss-\d+$/.test(url.pathname),
    (route: Route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop()!
      const html = bodies.get(id)
      return html === undefined
        ? route.fulfill({
            status: 404,
            json: { error: { code: 'not_found', message: 'No such conversation' } },
          })
        : route.fulfill({ json: detailFor(id, html, INLINE_PARTS.get(id)) })
    },
  )
  return seen
}

async function openVector(page: Page, bodies: Map<string, string>, html: string) {
  const id = `xss-${++counter}`
  bodies.set(id, html)
  if (page.url().includes('/inbox')) {
    // In-app navigation (wouter follows pushState): no reload per vector.
    await page.evaluate((thread) => history.pushState(null, '', `/inbox?thread=${thread}`), id)
  } else {
    await page.goto(`/inbox?thread=${id}`)
  }
  await expect(page.getByTestId('thread-subject')).toHaveText(`Vector ${id}`)
  const frame = page.getByTestId('email-frame')
  await expect(frame).toBeAttached()
  return frame
}

/** The frame's document once the viewer has handed it the mail. */
async function mailDocument(frame: Locator): Promise<Frame> {
  const inside = await (await frame.elementHandle())?.contentFrame()
  if (!inside) throw new Error('the email frame has no document')
  await expect
    .poll(() => inside.evaluate(() => document.getElementById('mail')?.childElementCount ?? 0))
    .toBeGreaterThan(0)
  return inside
}

/**
 * Waits until the frame is done with the mail: each image in it loaded or failed, its fonts
 * too, and a turn of its event loop since, so anything those could set off (an error handler,
 * a refresh, a lazy load) has had its turn; then a round trip to the page, so what it heard
 * meanwhile has arrived. A check that nothing ran or loaded follows it.
 */
async function frameSettled(page: Page, inside: Frame) {
  await expect
    .poll(() =>
      inside.evaluate(async () => {
        await document.fonts.ready
        await new Promise((resolve) => setTimeout(resolve, 0))
        return [...document.images].every((image) => image.complete)
      }),
    )
    .toBe(true)
  await page.evaluate(() => document.readyState)
}

const FORBIDDEN_IN_FRAME = [
  /<script/i,
  /onerror\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text/i,
  /xss-beacon/i,
]

/** What the frame shows, read from its live document. */
async function inspectFrameBody(inside: Frame) {
  return inside.evaluate(() => {
    const body = document.body
    const elements = [...body.querySelectorAll('*')]
    const dangerousTags = elements
      .map((el) => el.tagName.toLowerCase())
      .filter((tag) =>
        /^(script|iframe|frame|object|embed|form|input|button|textarea|select|meta|base|link|svg|math|template|noscript|video|audio)$/.test(
          tag,
        ),
      )
    const handlers = elements.flatMap((el) =>
      [...el.attributes]
        .filter((a) => a.name.toLowerCase().startsWith('on'))
        .map((a) => `${el.tagName}[${a.name}]`),
    )
    const badUrls = elements.flatMap((el) =>
      [...el.attributes]
        .filter((a) =>
          /^\s*(javascript|vbscript|data:text)/i.test(a.value.replace(/[\u0000-\u0020]/g, '')),
        )
        .map((a) => `${el.tagName}[${a.name}]`),
    )
    const css = [...body.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n')
    const inlineCss = elements.map((el) => el.getAttribute('style') ?? '').join('\n')
    const badCss =
      /expression\(|@import|behavior\s*:|-moz-binding|url\(\s*['"]?\s*javascript/i.test(
        css + inlineCss,
      )
    return { dangerousTags, handlers, badUrls, badCss }
  })
}

/** The sandbox every mail frame has: its own script may run; it is never Inkwell's origin. */
const SANDBOX = ['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-scripts']

test('no XSS vector runs or loads anything in the email viewer', async ({ page }) => {
  test.setTimeout(180_000)
  const bodies = new Map<string, string>()
  const seen = await watch(page, bodies)
  await signIn(page)

  for (const [name, html] of VECTORS) {
    await test.step(name, async () => {
      const frame = await openVector(page, bodies, html)
      const sandbox = (await frame.getAttribute('sandbox')) ?? ''
      expect.soft(sandbox.split(/\s+/).sort(), name).toEqual(SANDBOX)

      const inside = await mailDocument(frame)
      const mail = await inside.evaluate(() => document.getElementById('mail')!.innerHTML)
      for (const pattern of FORBIDDEN_IN_FRAME) {
        expect.soft(mail, `${name}: ${pattern}`).not.toMatch(pattern)
      }
      expect.soft(await inspectFrameBody(inside), name).toEqual({
        dangerousTags: [],
        handlers: [],
        badUrls: [],
        badCss: false,
      })
      // Error handlers, refreshes and lazy loads have had their chance to fire.
      await frameSettled(page, inside)
      expect
        .soft(await page.evaluate(() => (window as { __xss?: unknown }).__xss), name)
        .toBeUndefined()
    })
  }

  // Each vector's frame settled before the next opened.
  expect(seen.dialogs).toEqual([])
  expect(seen.beacons).toEqual([])
  expect(seen.blocked).toEqual([])
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
})

test('remote images wait for "Load images"; links open in a new tab without opener', async ({
  page,
}) => {
  const bodies = new Map<string, string>()
  const seen = await watch(page, bodies)
  await signIn(page)

  const frame = await openVector(
    page,
    bodies,
    '<p>Newsletter</p><img src="https://tracker.example/open.gif" width="1" height="1" alt="">' +
      '<img src="https://tracker.example/hero.png" srcset="https://tracker.example/hero2x.png 2x" alt="Hero">' +
      '<div style="background-image:url(https://tracker.example/bg.png)">Background</div>' +
      '<table background="https://tracker.example/table.png"><tr><td>cell</td></tr></table>' +
      '<style>.x{background:url(https://tracker.example/css.png)}</style><div class="x">css</div>' +
      '<a href="https://example.com/article" target="_self">Read</a>',
  )
  // The pixel, the hero and its 2x source, the background, the table's and the <style>'s.
  await expect(page.getByText('Images are hidden to protect your privacy')).toContainText(
    '(6 remote images blocked)',
  )
  const inside = await mailDocument(frame)
  const mail = await inside.evaluate(() => document.body.innerHTML)
  expect(mail).not.toContain('tracker.example')
  expect(mail).toContain(
    'href="https://example.com/article" target="_blank" rel="noopener noreferrer"',
  )
  await frameSettled(page, inside)
  expect(seen.remote).toEqual([])

  await page.getByRole('button', { name: 'Load images' }).click()
  await expect(page.getByText('Images are hidden to protect your privacy')).toHaveCount(0)
  await expect(frame).toHaveAttribute('src', /images=allowed/)
  await expect.poll(() => seen.remote.some((url) => url.includes('hero'))).toBe(true)
  expect(seen.blocked).toEqual([])
})

/*
 * Tracking and overlay vectors. With images blocked, not one request may leave Inkwell, and the
 * sanitizer must have removed each URL itself: a CSP refusal in the console counts as a miss.
 * Every CSS form is tried in a style attribute and in a <style> block.
 */
const T = 'tracker.example'
const CSS_TRACKERS: string[] = [
  `background:url(https://${T}/css-1.gif)`,
  `background:url('https://${T}/css-2.gif')`,
  `background:url(  "https://${T}/css-3.gif"  )`,
  `background:URL(https://${T}/css-4.gif)`,
  `background:url(\n https://${T}/css-5.gif\n)`,
  `background:\\75 rl(https://${T}/css-6.gif)`,
  `background:u\\72l(https://${T}/css-7.gif)`,
  `background:url(https://${T}/css-\\38 .gif)`,
  `background:url(//${T}/css-9.gif)`,
  `background:url(http:${T}/css-10.gif)`,
  `background:url("https:\\\\${T}\\\\css-11.gif")`,
  `background-image:image-set("https://${T}/css-12.gif" 1x)`,
  `background-image:-webkit-image-set(url(https://${T}/css-13.gif) 1x)`,
  `background-image:image-set('https://${T}/css-14.gif' type('image/gif'))`,
  `list-style:square url(https://${T}/css-15.gif) inside`,
  `list-style-image:url(https://${T}/css-16.gif)`,
  `cursor:url(https://${T}/css-17.cur),auto`,
  `border-image:url(https://${T}/css-18.gif) 30 round`,
  `mask:url(https://${T}/css-19.svg)`,
  `-webkit-mask-image:url(https://${T}/css-20.svg)`,
  `content:url(https://${T}/css-21.gif)`,
  `--pixel:url(https://${T}/css-22.gif);background:var(--pixel)`,
  `--s:"https://${T}/css-23.gif";background:image-set(var(--s) 1x)`,
  `background:url(https://${T}/css-24.gif)/* comment */`,
]

const HTML_TRACKERS: [name: string, html: string][] = [
  ['img src', `<img src="https://${T}/html-1.gif" alt="">`],
  ['img srcset', `<img srcset="https://${T}/html-2.gif 1x, https://${T}/html-3.gif 2x" alt="">`],
  ['img src scheme-relative', `<img src="//${T}/html-4.gif" alt="">`],
  ['img src without slashes', `<img src="http:${T}/html-5.gif" alt="">`],
  ['img src with backslashes', `<img src="https:\\\\${T}\\html-6.gif" alt="">`],
  ['img src with a tab', `<img src="ht&#9;tps://${T}/html-7.gif" alt="">`],
  ['table background', `<table background="https://${T}/html-8.gif"><tr><td>x</td></tr></table>`],
  ['body background', `<body background="https://${T}/html-9.gif"><p>x</p></body>`],
  ['picture source', `<picture><source srcset="https://${T}/html-10.gif"><img alt=""></picture>`],
  ['video poster', `<video poster="https://${T}/html-11.gif"></video>`],
  ['input image', `<input type="image" src="https://${T}/html-12.gif">`],
  ['link stylesheet', `<link rel="stylesheet" href="https://${T}/html-13.css">`],
  ['link prefetch', `<link rel="prefetch" href="https://${T}/html-14">`],
  ['svg image', `<svg><image href="https://${T}/html-15.gif"></image></svg>`],
  ['object data', `<object data="https://${T}/html-16.gif"></object>`],
  ['iframe src', `<iframe src="https://${T}/html-17"></iframe>`],
  ['a ping', `<a href="https://example.com/" ping="https://${T}/html-18">x</a>`],
  [
    'img lowsrc and dynsrc',
    `<img lowsrc="https://${T}/html-19.gif" dynsrc="https://${T}/html-20.gif" alt="">`,
  ],
  ['base href with a relative image', `<base href="https://${T}/"><img src="html-21.gif" alt="">`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=https://${T}/html-22">`],
  [
    'style @import',
    `<style>@import url(https://${T}/html-23.css); @import "https://${T}/html-24.css";</style>`,
  ],
  [
    'style @font-face',
    `<style>@font-face{font-family:T;src:url(https://${T}/html-25.woff)} p{font-family:T}</style><p>x</p>`,
  ],
  [
    'style nested rules',
    `<style>@media screen{@supports (display:grid){p{background:url(https://${T}/html-26.gif)}}}</style><p>x</p>`,
  ],
]

/** Mail that tries to draw over Inkwell or take its clicks. */
const OVERLAYS: [name: string, html: string][] = [
  [
    'a fixed layer over everything',
    '<div style="position:fixed;inset:0;z-index:2147483647;background:rgba(255,0,0,.6)">overlay</div>',
  ],
  [
    ':host positioned fixed',
    // The attack on a copy of the mail in a shadow root in the page (issue 7).
    '<style>:host{all:initial!important;position:fixed!important;inset:0!important;z-index:2147483647!important;visibility:visible!important;pointer-events:auto!important;background:red!important}</style><p>host</p>',
  ],
  [
    'body and :root positioned fixed',
    '<style>body,:root,html{position:fixed!important;top:0;left:0;width:100vw;height:100vh;z-index:2147483647;background:red}</style><p>root</p>',
  ],
  [
    'a huge negative margin',
    '<div style="margin:-5000px 0 0 -5000px;width:20000px;height:20000px;background:red">margin</div>',
  ],
  [
    'a transform',
    '<div style="transform:translate(-400px,-400px) scale(20);background:red">transform</div>',
  ],
  [
    'absolute far outside',
    '<div style="position:absolute;top:-3000px;left:-3000px;width:9000px;height:9000px;background:red">absolute</div>',
  ],
  [
    'a popover in the top layer',
    '<div popover="manual" style="inset:0;background:red">popover</div>',
  ],
  [
    'a height that follows the frame',
    '<div style="height:100vh;background:red">vh</div><div style="height:50px">more</div>',
  ],
]

const TRACKERS_MAIL =
  '<p>Tracking corpus</p>' +
  CSS_TRACKERS.map((css, i) => `<p style="${css.replace(/"/g, '&quot;')}">style ${i}</p>`).join(
    '',
  ) +
  `<style>${CSS_TRACKERS.map((css, i) => `.t${i}{${css}}`).join('\n')}</style>` +
  CSS_TRACKERS.map((_css, i) => `<p class="t${i}">class ${i}</p>`).join('') +
  HTML_TRACKERS.map(([, html]) => html).join('')

/** Points over the whole viewport outside the frame's box, and what the page has at each. */
async function whatIsOutsideTheFrame(page: Page) {
  return page.evaluate(() => {
    const root = document.getElementById('root')!
    // Read in the same task as the hit tests, so a frame still growing cannot skew them.
    const frame = document.querySelector('[data-testid="email-frame"]')!.getBoundingClientRect()
    const strays: string[] = []
    for (let x = 2; x < innerWidth; x += 24) {
      for (let y = 2; y < innerHeight; y += 24) {
        const inside = x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom
        if (inside) continue
        const element = document.elementFromPoint(x, y)
        // Outside its box, the frame (or anything of the mail's) may never be what is there.
        if (!element || element.tagName === 'IFRAME' || !root.contains(element)) {
          strays.push(`${x},${y}: ${element?.outerHTML.slice(0, 80) ?? 'nothing'}`)
        }
      }
    }
    return strays
  })
}

test('with images blocked, no tracking vector fetches anything and no mail draws outside its frame', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const bodies = new Map<string, string>()
  const seen = await watch(page, bodies)
  await signIn(page)
  // Signing in visits the Google stand-in; from here on, nothing may leave Inkwell.
  seen.offsite.length = 0

  await test.step('the tracking corpus', async () => {
    const frame = await openVector(page, bodies, TRACKERS_MAIL)
    await expect(page.getByText('Images are hidden to protect your privacy')).toBeVisible()
    const inside = await mailDocument(frame)
    // No URL of the tracker is left. (A string in a custom property is text, not a URL: the
    // image-set() it was meant for is gone.)
    const markup = await inside.evaluate(() => document.body.innerHTML)
    expect(markup).not.toMatch(
      /(?:url\(|image-set\(|src=|srcset=|background=|href=)[^>]*tracker\.example/,
    )
    // Every declaration stayed apart from its URL: the corpus's text is all there.
    await expect(inside.getByText('class 23')).toBeAttached()
    await frameSettled(page, inside)
  })

  for (const [name, html] of OVERLAYS) {
    await test.step(name, async () => {
      const frame = await openVector(page, bodies, `${html}<p>after the overlay</p>`)
      const inside = await mailDocument(frame)
      await expect(inside.getByText('after the overlay')).toBeAttached()
      // The frame is as tall as its mail says, never taller than the cap.
      await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(48)
      expect((await frame.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(20_000)
      expect(await whatIsOutsideTheFrame(page)).toEqual([])
      // Inkwell's own controls still take clicks.
      const headers = page.getByRole('switch', { name: 'Show headers' })
      await headers.click()
      await expect(page.getByRole('term').filter({ hasText: 'Message-ID' })).toBeVisible()
      await headers.click()
      await expect(page.getByRole('term').filter({ hasText: 'Message-ID' })).toHaveCount(0)
    })
  }

  expect(seen.offsite).toEqual([])
  expect(seen.remote).toEqual([])
  expect(seen.blocked).toEqual([])
})

test('an inline cid: image of the message shows with remote images blocked; nothing else loads', async ({
  page,
}) => {
  const bodies = new Map<string, string>()
  const seen = await watch(page, bodies)
  // A 2x1 PNG, as the attachment route serves the message's inline part.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC',
    'base64',
  )
  const served: string[] = []
  await page.route('**/api/gmail/messages/*/attachments/logo-part', (route) => {
    served.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'image/png', body: png })
  })
  await signIn(page)

  // The server linked cid:logo@kim.example to the part's attachment URL (inline-images.test).
  const id = `xss-${counter + 1}`
  INLINE_PARTS.set(id, [
    {
      attachmentId: 'logo-part',
      filename: '',
      mimeType: 'image/png',
      size: png.length,
      contentId: 'logo@kim.example',
    },
  ])
  const frame = await openVector(
    page,
    bodies,
    `<p>Our logo:</p><img alt="Logo" src="/api/gmail/messages/${id}-m/attachments/logo-part">` +
      '<img alt="Tracker" src="https://tracker.example/open.gif">' +
      `<img alt="Not ours" src="/api/gmail/messages/other-m/attachments/logo-part">`,
  )
  await expect(page.getByText('Images are hidden to protect your privacy')).toContainText(
    '(1 remote image blocked)',
  )
  const inside = await mailDocument(frame)
  await expect
    .poll(() =>
      inside.evaluate(() => {
        const logo = document.querySelector<HTMLImageElement>('img[alt="Logo"]')
        return logo?.complete && logo.src.startsWith('data:image/png') ? logo.naturalWidth : 0
      }),
    )
    .toBe(2)
  const mail = await inside.evaluate(() => document.body.innerHTML)
  expect(mail).not.toContain('tracker.example')
  expect(mail).not.toContain('other-m')
  // It is part of the text, not a file to download.
  await expect(page.getByTestId('message').getByRole('list', { name: 'Attachments' })).toHaveCount(
    0,
  )
  await frameSettled(page, inside)
  expect(served).toHaveLength(1)
  expect(seen.remote).toEqual([])
  expect(seen.blocked).toEqual([])
})

/** A Gmail reply with its quoted history, as Gmail writes it. */
const GMAIL_REPLY =
  '<div dir="ltr">Sounds good, see you Thursday.</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, Mar 3, 2025 at 10:12 AM Ana López &lt;<a href="mailto:ana@example.com">ana@example.com</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex"><div dir="ltr">Can we meet on Thursday?</div></blockquote></div>'

test('quoted history folds behind "…" in the frame and opens with a click (issue 25)', async ({
  page,
}) => {
  const bodies = new Map<string, string>()
  await watch(page, bodies)
  await signIn(page)
  const frame = await openVector(page, bodies, GMAIL_REPLY)
  const inside = await mailDocument(frame)
  const toggle = inside.getByRole('button', { name: 'Show trimmed content' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(inside.getByText('Sounds good, see you Thursday.')).toBeVisible()
  await expect(inside.getByText('Can we meet on Thursday?')).toBeHidden()
  const closed = (await frame.boundingBox())!.height

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(inside.getByText('Can we meet on Thursday?')).toBeVisible()
  // The frame grows to show it: nothing scrolls inside a short frame.
  await expect.poll(async () => (await frame.boundingBox())!.height).toBeGreaterThan(closed)
})
