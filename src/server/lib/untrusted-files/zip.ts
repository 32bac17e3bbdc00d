import { crc32, inflateRawSync } from 'node:zlib'
import { Refusal, ZIP_LIMITS } from './limits.js'

/** One file of a zip, as its central directory describes it. */
export type ZipEntry = {
  name: string
  /** The name as stored, and its flags' UTF-8 bit, copied as they are into a rebuilt zip. */
  rawName: Buffer
  utf8: boolean
  method: number
  encrypted: boolean
  compressedSize: number
  size: number
  localHeaderOffset: number
}

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
/** A 32-bit size or offset of all ones means "see the ZIP64 record". */
const ZIP64_MARK = 0xffffffff

const unreadable = () => new Refusal('unreadable')
const tooComplex = () => new Refusal('too_complex')

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65,535.
  const last = zip.length - 22
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at
  }
  throw unreadable()
}

/**
 * The entries of a zip, read from its central directory before anything is inflated, and
 * checked against ZIP_LIMITS: an entry too large, too compressed, or too many of them is
 * refused as too complex. A zip may lie in its directory; `inflateEntry` holds it to its word.
 */
export function readZipDirectory(zip: Buffer): ZipEntry[] {
  const end = findEndOfDirectory(zip)
  const count = zip.readUInt16LE(end + 10)
  const directorySize = zip.readUInt32LE(end + 12)
  const directoryOffset = zip.readUInt32LE(end + 16)
  // A document of a few megabytes never needs ZIP64 or more entries than this.
  if (count === 0xffff || directoryOffset === ZIP64_MARK || count > ZIP_LIMITS.entries) {
    throw tooComplex()
  }
  if (directoryOffset + directorySize > end) throw unreadable()
  const entries: ZipEntry[] = []
  let total = 0
  let at = directoryOffset
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable()
    const flags = zip.readUInt16LE(at + 8)
    const nameLength = zip.readUInt16LE(at + 28)
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    if (next > end) throw unreadable()
    const rawName = zip.subarray(at + 46, at + 46 + nameLength)
    const entry: ZipEntry = {
      name: rawName.toString(flags & 0x0800 ? 'utf8' : 'latin1'),
      rawName,
      utf8: (flags & 0x0800) !== 0,
      method: zip.readUInt16LE(at + 10),
      encrypted: (flags & 0x0001) !== 0,
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    }
    if (entry.size === ZIP64_MARK || entry.compressedSize === ZIP64_MARK) throw tooComplex()
    if (entry.size > ZIP_LIMITS.entryBytes) throw tooComplex()
    if (
      entry.size >= ZIP_LIMITS.ratioAppliesFromBytes &&
      entry.size > entry.compressedSize * ZIP_LIMITS.ratio
    ) {
      throw tooComplex()
    }
    total += entry.size
    if (total > ZIP_LIMITS.totalBytes) throw tooComplex()
    entries.push(entry)
    at = next
  }
  return entries
}

/**
 * An entry's bytes, inflated with a hard cap at the size the directory states: a zip that
 * understates an entry to pass the checks is refused when its data runs past that size.
 */
export function inflateEntry(zip: Buffer, entry: ZipEntry): Buffer {
  if (entry.encrypted) throw unreadable()
  const local = entry.localHeaderOffset
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw unreadable()
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
  const data = zip.subarray(start, start + entry.compressedSize)
  if (data.length !== entry.compressedSize) throw unreadable()
  if (entry.method === STORED) {
    if (entry.size !== entry.compressedSize) throw unreadable()
    return data
  }
  if (entry.method !== DEFLATED) throw unreadable()
  try {
    // One byte more than stated, so an understatement is caught even when the stated size is 0.
    const inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 })
    if (inflated.length > entry.size) throw tooComplex()
    return inflated
  } catch (error) {
    if (error instanceof Refusal) throw error
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooComplex()
    throw unreadable()
  }
}

/**
 * A zip of `files`, stored without compression: what a library that inflates on its own
 * (without limits) is given instead of the original, so there is nothing left for it to inflate.
 */
export function storedZip(files: { entry: ZipEntry; data: Buffer }[]): Buffer {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const { entry, data } of files) {
    const flags = entry.utf8 ? 0x0800 : 0
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(LOCAL_HEADER, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(STORED, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(entry.rawName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(DIRECTORY_ENTRY, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(STORED, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(entry.rawName.length, 28)
    central.writeUInt32LE(offset, 42)
    parts.push(local, entry.rawName, data)
    directory.push(central, entry.rawName)
    offset += local.length + entry.rawName.length + data.length
  }
  const directoryBytes = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_DIRECTORY, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directoryBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directoryBytes, end])
}
