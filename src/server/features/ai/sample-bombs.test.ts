import { readFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { constants, deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sameOrigin, signIn, startHarness, type Harness } from '../../test/harness.js'
import { liftReaderClock, readerProcesses } from '../../test/reader-processes.js'
import { SAMPLE_UPLOAD_LIMIT } from './routes.js'

// Hostile writing samples (issue 22), built here rather than shipped as binaries. Each must be
// refused within seconds through the real route, while /healthz keeps answering at once.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const TOO_COMPLEX = 'This file is too large or too complex to read'
const MB = 1024 * 1024

let h: Harness
const sessions: Record<string, string> = {}
const USERS = ['ada', 'grace', 'linus', 'barbara']

beforeAll(async () => {
  h = await startHarness({
    users: USERS.map((name) => ({ email: `${name}@example.com`, name })),
  })
  for (const name of USERS) sessions[name] = (await signIn(h, `${name}@example.com`)).session!
})
afterAll(async () => h?.close())

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

/** A sample upload's JSON body, as the browser sends it. */
const uploadBody = (filename: string, mimeType: string, bytes: Buffer) =>
  JSON.stringify({ filename, mimeType, contentBase64: bytes.toString('base64') })

const post = (user: string, body: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/ai/extract-sample',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    cookies: { inkwell_session: sessions[user]! },
    payload: body,
  })

const upload = (user: string, filename: string, mimeType: string, bytes: Buffer) =>
  post(user, uploadBody(filename, mimeType, bytes))

/**
 * Runs `work` while probing /healthz every 20 ms. A probe's latency counts from when it was
 * due, so an event loop held by the upload shows up even before the probe's request starts.
 */
async function watchingHealth<T>(work: () => Promise<T>) {
  const latencies: number[] = []
  let done = false
  const probes = (async () => {
    while (!done) {
      const due = performance.now() + 20
      await sleep(20)
      const response = await h.app.inject({ method: 'GET', url: '/healthz' })
      expect(response.statusCode).toBe(200)
      latencies.push(performance.now() - due)
    }
  })()
  const started = performance.now()
  try {
    const result = await work()
    return { result, ms: Math.round(performance.now() - started), latencies }
  } finally {
    done = true
    await probes
  }
}

/**
 * Uploads `bytes` as Ada, watching /healthz. The body is serialized before the watch starts:
 * that is the client's work, which in this one process would otherwise count against the server.
 */
async function expectRefusedWhileServing(what: string, filename: string, bytes: Buffer) {
  const mimeType = filename.endsWith('.pdf') ? 'application/pdf' : DOCX
  const body = uploadBody(filename, mimeType, bytes)
  // The garbage of building the file goes now, or its collection, a pause of tens of
  // milliseconds in this process, would be counted against the server.
  collectGarbage()
  const { result: response, ms, latencies } = await watchingHealth(() => post('ada', body))
  const worst = Math.max(...latencies)
  console.log(
    `${what}: ${response.statusCode} in ${ms} ms; /healthz worst ${worst.toFixed(1)} ms over ${latencies.length} probes`,
  )
  expect(response.statusCode).toBe(413)
  expect(response.json().error).toEqual({ code: 'file_too_complex', message: TOO_COMPLEX })
  // The server kept answering while the reader worked: the probes went on through the upload.
  // The times are printed, not asserted (a test never asserts a time: on a loaded machine the
  // worst probe took 124 ms); that the file is parsed outside this process is what keeps them low.
  expect(latencies.length).toBeGreaterThan(3)
}

// --- Builders -----------------------------------------------------------------------------

const FULL_FLUSH = { finishFlush: constants.Z_FULL_FLUSH }

/**
 * Raw deflate data that inflates to `head`, `megabytes` MB of spaces, then `tail`, without ever
 * holding the spaces: one flushed megabyte (about 1 KB compressed) repeated, then a final block.
 */
function deflateBomb(head: string, megabytes: number, tail: string): Buffer {
  const megabyte = deflateRawSync(Buffer.alloc(MB, 0x20), FULL_FLUSH)
  return Buffer.concat([
    deflateRawSync(Buffer.from(head), FULL_FLUSH),
    ...Array.from({ length: megabytes }, () => megabyte),
    deflateRawSync(Buffer.from(tail)),
  ])
}

type ZipFile = { name: string; deflated: Buffer; size: number; crc?: number }

/** A zip of deflated entries: local headers, data, central directory, end record. */
function zip(files: ZipFile[]): Buffer {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(file.crc ?? 0, 14)
    local.writeUInt32LE(file.deflated.length, 18)
    local.writeUInt32LE(file.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(file.crc ?? 0, 16)
    central.writeUInt32LE(file.deflated.length, 20)
    central.writeUInt32LE(file.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    parts.push(local, name, file.deflated)
    directory.push(central, name)
    offset += 30 + name.length + file.deflated.length
  }
  const directoryBytes = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directoryBytes, end])
}

const deflated = (name: string, text: string): ZipFile => ({
  name,
  deflated: deflateRawSync(Buffer.from(text)),
  size: Buffer.byteLength(text),
})

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t xml:space="preserve">`
const DOCUMENT_TAIL = '</w:t></w:r></w:p></w:body></w:document>'

/** A .docx around a document.xml: the package parts Word and mammoth need. */
function docx(document: ZipFile): Buffer {
  return zip([
    deflated(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    deflated(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    document,
  ])
}

/** A .docx whose document.xml inflates to about a gigabyte; its directory may lie about it. */
function docxBomb(statedSize?: number): Buffer {
  const megabytes = 1000
  const size = DOCUMENT_HEAD.length + megabytes * MB + DOCUMENT_TAIL.length
  return docx({
    name: 'word/document.xml',
    deflated: deflateBomb(DOCUMENT_HEAD, megabytes, DOCUMENT_TAIL),
    size: statedSize ?? size,
  })
}

type PdfObject = string | { dictionary: string; data: Buffer }

/** A PDF of numbered objects (1 is the catalog), with a correct cross-reference table. */
function pdf(objects: PdfObject[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')]
  let length = chunks[0]!.length
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(length)
    const chunk =
      typeof object === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`)
        : Buffer.concat([
            Buffer.from(
              `${i + 1} 0 obj\n<< /Length ${object.data.length} ${object.dictionary} >>\nstream\n`,
            ),
            object.data,
            Buffer.from('\nendstream\nendobj\n'),
          ])
    chunks.push(chunk)
    length += chunk.length
  })
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
  chunks.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  )
  return Buffer.concat(chunks)
}

/** A PDF of `pages` pages that all draw the one content stream (object 4). */
function pdfOfPages(pages: number, content: { dictionary: string; data: Buffer }): Buffer {
  const first = 5
  const kids = Array.from({ length: pages }, (_, i) => `${first + i} 0 R`).join(' ')
  // Pages inherit the page size and the font from the tree's root.
  const page = '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>'
  return pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    content,
    ...Array.from({ length: pages }, () => page),
  ])
}

/** A page's content drawing `lines` top-down, 14 points apart; '' leaves a line empty. */
const textContent = (lines: string[]) => ({
  dictionary: '',
  data: Buffer.from(
    `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((line) => (line ? `(${line}) Tj T*` : 'T*')).join(' ')} ET`,
  ),
})

/** zlib data (as a PDF's FlateDecode reads it) that inflates to `megabytes` MB of content. */
function zlibBomb(megabytes: number): Buffer {
  // zlib's wrapper around the raw data: header, then the Adler-32 nobody reaches.
  return Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    deflateBomb('BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n', megabytes, '\n'),
    Buffer.alloc(4),
  ])
}

/** A one-page PDF whose content stream is Flate data that inflates to gigabytes. */
const pdfStreamBomb = (megabytes: number) =>
  pdfOfPages(1, { dictionary: '/Filter /FlateDecode', data: zlibBomb(megabytes) })

// --- Tests --------------------------------------------------------------------------------

describe('hostile writing samples are refused within seconds, and the server keeps answering', () => {
  it('a 1 MB .docx whose document.xml inflates to a gigabyte', async () => {
    const bomb = docxBomb()
    expect(bomb.length).toBeLessThan(1.1 * MB)
    await expectRefusedWhileServing(
      `docx zip bomb (${(bomb.length / MB).toFixed(2)} MB)`,
      'bomb.docx',
      bomb,
    )
  })

  it('the same .docx with a directory that states 40 KB for that entry', async () => {
    await expectRefusedWhileServing('docx zip bomb, lying directory', 'liar.docx', docxBomb(40_000))
  })

  it('a .docx entry of 5 MB compressed over 1000:1 (under 20 MB, over the ratio)', async () => {
    const size = DOCUMENT_HEAD.length + 5 * MB + DOCUMENT_TAIL.length
    const dense = docx({
      name: 'word/document.xml',
      deflated: deflateBomb(DOCUMENT_HEAD, 5, DOCUMENT_TAIL),
      size,
    })
    await expectRefusedWhileServing('docx entry over 100:1', 'dense.docx', dense)
  })

  it('a 3 MB PDF of 28,000 pages', async () => {
    const pages = pdfOfPages(28_000, textContent(['One page of many.']))
    expect(pages.length).toBeGreaterThan(2.5 * MB)
    await expectRefusedWhileServing(
      `PDF of 28,000 pages (${(pages.length / MB).toFixed(2)} MB)`,
      'pages.pdf',
      pages,
    )
  })

  it('a 2.7 MB PDF with one Flate stream that inflates to 2.7 GB', async () => {
    const bomb = pdfStreamBomb(2700)
    await expectRefusedWhileServing(
      `PDF stream bomb (${(bomb.length / MB).toFixed(2)} MB)`,
      'stream.pdf',
      bomb,
    )
  })

  it('a 4 MB PDF whose Flate bomb hides behind ASCIIHex, out of the stream check’s sight', async () => {
    // Only the reader's own limits (resident memory, time) stop this one.
    const data = Buffer.from(`${zlibBomb(2000).toString('hex')}>`)
    const hidden = pdfOfPages(1, { dictionary: '/Filter [/ASCIIHexDecode /FlateDecode]', data })
    await expectRefusedWhileServing(
      `PDF stream bomb behind ASCIIHex (${(hidden.length / MB).toFixed(2)} MB)`,
      'hidden.pdf',
      hidden,
    )
  })
})

describe('text read from samples', () => {
  liftReaderClock()
  const text = (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(200)
    return response.json().text as string
  }

  it('keeps a PDF’s lines, and a blank line between paragraphs, so a greeting and a sign-off are found', async () => {
    const letter = pdfOfPages(
      1,
      textContent([
        'Hi Grace,',
        '',
        'The build is green and I shipped it this morning. The figures for the',
        'quarter are attached.',
        '',
        'Best,',
        'Ada',
      ]),
    )
    const sample = text(await upload('grace', 'letter.pdf', 'application/pdf', letter))
    expect(sample).toBe(
      'Hi Grace,\n\nThe build is green and I shipped it this morning. The figures for the\n' +
        'quarter are attached.\n\nBest,\nAda',
    )
    const analysis = await h.call(sessions.grace, 'POST', '/api/ai/analyze-writing-style', {
      text: sample,
    })
    expect(analysis.json().metrics).toMatchObject({ greetings: ['Hi'], signoffs: ['Best'] })
  })

  it('reads every page of a PDF, a blank line between them', async () => {
    const twoPages = pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [5 0 R 6 0 R] /Count 2 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      textContent(['Page one.']),
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
      textContent(['Page two.']),
    ])
    expect(text(await upload('grace', 'two.pdf', 'application/pdf', twoPages))).toBe(
      'Page one.\n\nPage two.',
    )
  })

  const BOM_LE = Buffer.from([0xff, 0xfe])
  const BOM_BE = Buffer.from([0xfe, 0xff])
  const WRITING = 'Grüße aus Köln — “à bientôt”\nAda'

  it.each([
    ['UTF-16 LE with a BOM', Buffer.concat([BOM_LE, Buffer.from(WRITING, 'utf16le')])],
    ['UTF-16 BE with a BOM', Buffer.concat([BOM_BE, Buffer.from(WRITING, 'utf16le').swap16()])],
  ])('decodes a .txt in %s', async (_encoding, bytes) => {
    expect(text(await upload('grace', 'note.txt', 'text/plain', bytes))).toBe(WRITING)
  })

  it('decodes a .txt that is not UTF-8 as windows-1252 (Latin-1 and its quotes and euro sign)', async () => {
    // "Grüße aus Köln", “zum Café”, 5 € — as an older Windows editor saves it.
    const bytes = Buffer.concat([
      Buffer.from('Grüße aus Köln, ', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('zum Café', 'latin1'),
      Buffer.from([0x94]),
      Buffer.from(', 5 ', 'latin1'),
      Buffer.from([0x80]),
    ])
    expect(text(await upload('grace', 'latin.txt', 'text/plain', bytes))).toBe(
      'Grüße aus Köln, “zum Café”, 5 €',
    )
  })

  it.each([
    [
      'a PNG image renamed to .txt',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        Buffer.from('IHDR'),
        Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)),
      ]),
    ],
    ['text with NULs inside it', Buffer.from('Dear Ada,\u0000\u0000\u0000thanks\u0000')],
    [
      'control characters through and through',
      Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 3 ? 0x41 : 0x01 + (i % 8)))),
    ],
  ])('refuses %s as not text', async (_what, bytes) => {
    const response = await upload('grace', 'data.txt', 'text/plain', bytes)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toEqual({
      code: 'not_text',
      message: 'Could not read the file: it does not look like text',
    })
  })
})

describe('limits on uploads', () => {
  liftReaderClock()
  it('reads at most two files at once; past a queue of eight, a 429 with Retry-After', async () => {
    const sample = readFileSync(path.join(import.meta.dirname, 'fixtures', 'sample.pdf'))
    let most = 0
    let watching = true
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, readerProcesses())
        await sleep(10)
      }
    })()
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => upload('barbara', 'sample.pdf', 'application/pdf', sample)),
    )
    watching = false
    await watch
    const statuses = responses.map((response) => response.statusCode).sort()
    console.log(`12 uploads at once: ${statuses.join(' ')}; at most ${most} readers at a time`)
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    for (const busy of responses.filter((response) => response.statusCode === 429)) {
      expect(busy.headers['retry-after']).toBe('10')
      expect(busy.json().error.code).toBe('readers_busy')
    }
    expect(most).toBe(2)
    expect(readerProcesses()).toBe(0)
    // Ten reads two at a time, in readers that run niced on purpose: on a busy machine (CI runs
    // the journeys beside these tests) they get the cores last, so this waits longer than most.
  }, 120_000)

  it(`allows ${SAMPLE_UPLOAD_LIMIT.max} uploads per user in ${SAMPLE_UPLOAD_LIMIT.timeWindow}, then a 429 with Retry-After`, async () => {
    const note = Buffer.from('Dear Grace,\n\nThanks.\n\nAda')
    for (let i = 0; i < SAMPLE_UPLOAD_LIMIT.max; i++) {
      expect((await upload('linus', 'note.txt', 'text/plain', note)).statusCode).toBe(200)
    }
    const limited = await upload('linus', 'note.txt', 'text/plain', note)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500)
    // Per user: another user on the same address is not limited.
    expect((await upload('grace', 'note.txt', 'text/plain', note)).statusCode).toBe(200)
  })
})
