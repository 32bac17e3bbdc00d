import { Refusal } from './limits.js'

/**
 * windows-1252's characters at 0x80–0x9F (the rest is Latin-1). Node 20's TextDecoder decodes
 * 'windows-1252' as ISO-8859-1 and gives C1 controls there, so curly quotes, dashes and the euro
 * sign of a Windows text file would be lost. The five undefined bytes stay C1 controls.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, i) => bytes[i] === byte)

/** The characters of a text file, by its BOM, else UTF-8 when it is valid, else windows-1252. */
function decode(bytes: Uint8Array): string {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return new TextDecoder('utf-8').decode(bytes)
  // TextDecoder drops the BOM it was told to expect.
  if (startsWith(bytes, 0xff, 0xfe)) return new TextDecoder('utf-16le').decode(bytes)
  if (startsWith(bytes, 0xfe, 0xff)) return new TextDecoder('utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Not UTF-8: a file saved by an older Windows or Mac editor, in its 8-bit code page.
    return decodeWindows1252(bytes)
  }
}

/** Above this share of control characters a file is data, not writing. */
const MAX_CONTROL_SHARE = 0.05

/** C0 and C1 controls except tab, line breaks and form feed; U+FFFD marks undecodable bytes. */
function isControl(code: number): boolean {
  return (
    (code < 0x20 &&
      code !== 0x09 &&
      code !== 0x0a &&
      code !== 0x0b &&
      code !== 0x0c &&
      code !== 0x0d) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0xfffd
  )
}

/**
 * A .txt file's text, whatever its encoding; binary content (an image or a program renamed to
 * .txt) is refused. Linear in the file's size, so it runs on the main thread.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  // Some tools pad a text file with NULs at its end; a NUL anywhere else means binary data.
  const text = decode(bytes).replace(/\u0000+$/, '')
  if (text.includes('\u0000')) throw new Refusal('not_text')
  let controls = 0
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) controls++
  if (controls > text.length * MAX_CONTROL_SHARE) throw new Refusal('not_text')
  return text
}
