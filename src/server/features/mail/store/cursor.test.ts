import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './thread-reads-repository.js'

const cursorOf = (text: string) => Buffer.from(text).toString('base64url')

describe('the inbox cursor', () => {
  it('reads back what it wrote', () => {
    const cursor = { date: new Date('2026-11-23T11:40:00.000Z'), threadId: '18c1f0a2b3d4e5f6' }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
  })

  it('refuses dates PostgreSQL cannot hold or JavaScript cannot read', () => {
    for (const date of [
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '9999999-01-01',
      '2024-02-30T25:61:61Z',
      'infinity',
    ]) {
      expect(decodeCursor(cursorOf(`${date}|18c1f0a2b3d4e5f6`)), date).toBeNull()
    }
  })

  it('refuses ids that are not Gmail ids, extra parts, and text that is not its encoding', () => {
    const date = '2026-11-23T11:40:00.000Z'
    expect(decodeCursor(cursorOf(`${date}|t\u0000x`))).toBeNull()
    expect(decodeCursor(cursorOf(`${date}|a|b`))).toBeNull()
    expect(decodeCursor(cursorOf(`${date}|`))).toBeNull()
    expect(decodeCursor(`${cursorOf(`${date}|abc`)}!!`)).toBeNull()
    expect(decodeCursor('nonsense')).toBeNull()
  })
})
