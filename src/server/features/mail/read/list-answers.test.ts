import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createListAnswers, pickEncoding } from './list-answers.js'

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip;q=0.8, br;q=0')).toBe('gzip')
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('identity')).toBe('identity')
    expect(pickEncoding(undefined)).toBe('identity')
  })
})

describe('kept list pages (decision 038)', () => {
  it('builds a page once for concurrent asks, then answers from memory in each encoding', async () => {
    const answers = createListAnswers({ maxBytes: 1_000_000 })
    let builds = 0
    const build = async () => {
      builds++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return JSON.stringify({ threads: ['a'.repeat(2000)] })
    }
    const [br, gzip] = await Promise.all([
      answers.answer('u1', 'W/"1"', 'br', build),
      answers.answer('u1', 'W/"1"', 'gzip', build),
    ])
    const plain = await answers.answer('u1', 'W/"1"', 'identity', build)
    expect(builds).toBe(1)
    expect(brotliDecompressSync(br).toString()).toBe(plain.toString())
    expect(gunzipSync(gzip).toString()).toBe(plain.toString())
  })

  it("keeps each user's page apart, and lets the oldest go past the limit", async () => {
    const answers = createListAnswers({ maxBytes: 25 })
    const page = (text: string) => async () => JSON.stringify(text)
    await answers.answer('u1', 'W/"same"', 'identity', page('ada page'))
    const other = await answers.answer('u2', 'W/"same"', 'identity', page('bob page'))
    expect(JSON.parse(other.toString())).toBe('bob page')
    await answers.answer('u3', 'W/"x"', 'identity', page('third page'))
    // u1's page was the least recently used: built again.
    const again = await answers.answer('u1', 'W/"same"', 'identity', page('ada rebuilt'))
    expect(JSON.parse(again.toString())).toBe('ada rebuilt')
  })
})
