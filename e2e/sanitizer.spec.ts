import { expect, test, type Page, type Route } from '@playwright/test'
import type { EmailMessage, ThreadDetail } from '../src/contract/mail'
import { signIn } from './support'

/**
 * HTML mail is hostile input. Each vector below is served as the body of a conversation (the
 * thread detail call is intercepted), rendered by the real viewer in real Chromium, and must
 * neither run script nor load anything: no flag on the page, no dialog, no beacon request,
 * no script blocked by the sandbox or the CSP (the sanitizer itself removed it), a sandbox
 * without allow-scripts or allow-same-origin, and no dangerous markup left in the frame.
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

function detailFor(id: string, html: string): ThreadDetail {
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
    attachments: [],
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

type Watch = { dialogs: string[]; beacons: string[]; blocked: string[]; remote: string[] }

async function watch(page: Page, bodies: Map<string, string>): Promise<Watch> {
  const seen: Watch = { dialogs: [], beacons: [], blocked: [], remote: [] }
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    // The page's CSP had to stop a script (say in the off-screen copy the viewer measures):
    // the sanitizer let one through. (Chromium also reports "Blocked script execution in
    // 'about:srcdoc'" for every sandboxed frame it instruments, so that message proves nothing.)
    if (/Refused to execute|Refused to load the script/i.test(message.text())) {
      seen.blocked.push(message.text())
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
        : route.fulfill({ json: detailFor(id, html) })
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

const FORBIDDEN_IN_FRAME = [
  /<script/i,
  /onerror\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text/i,
  /xss-beacon/i,
]

/** What the frame's body holds, read as a browser reads it (inertly, with DOMParser). */
async function inspectFrameBody(page: Page, srcdoc: string) {
  return page.evaluate((doc) => {
    const body = new DOMParser().parseFromString(doc, 'text/html').body
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
  }, srcdoc)
}

test('no XSS vector runs or loads anything in the email viewer', async ({ page }) => {
  test.setTimeout(180_000)
  const bodies = new Map<string, string>()
  const seen = await watch(page, bodies)
  await signIn(page)

  for (const [name, html] of VECTORS) {
    await test.step(name, async () => {
      const frame = await openVector(page, bodies, html)
      const sandbox = (await frame.getAttribute('sandbox')) ?? ''
      expect
        .soft(sandbox.split(/\s+/).sort(), name)
        .toEqual(['allow-popups', 'allow-popups-to-escape-sandbox'])

      const srcdoc = (await frame.getAttribute('srcdoc')) ?? ''
      const mail = srcdoc.slice(srcdoc.indexOf('<body>'))
      for (const pattern of FORBIDDEN_IN_FRAME) {
        expect.soft(mail, `${name}: ${pattern}`).not.toMatch(pattern)
      }
      expect.soft(await inspectFrameBody(page, srcdoc), name).toEqual({
        dangerousTags: [],
        handlers: [],
        badUrls: [],
        badCss: false,
      })
      // Give error handlers, refreshes and lazy loads their chance to fire.
      await page.waitForTimeout(150)
      expect
        .soft(await page.evaluate(() => (window as { __xss?: unknown }).__xss), name)
        .toBeUndefined()
    })
  }

  await page.waitForTimeout(500)
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
  await expect(page.getByText('Images are hidden to protect your privacy')).toBeVisible()
  const srcdoc = (await frame.getAttribute('srcdoc')) ?? ''
  const mail = srcdoc.slice(srcdoc.indexOf('<body>'))
  expect(mail).not.toContain('tracker.example')
  expect(mail).toContain(
    'href="https://example.com/article" target="_blank" rel="noopener noreferrer"',
  )
  await page.waitForTimeout(500)
  expect(seen.remote).toEqual([])

  await page.getByRole('button', { name: 'Load images' }).click()
  await expect(page.getByText('Images are hidden to protect your privacy')).toHaveCount(0)
  await expect(frame).toHaveAttribute('srcdoc', /https:\/\/tracker\.example\/hero\.png/)
  await expect.poll(() => seen.remote.some((url) => url.includes('hero'))).toBe(true)
  expect(seen.blocked).toEqual([])
})
