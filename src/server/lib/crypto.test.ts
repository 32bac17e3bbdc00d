import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateKey, SecretBox } from './crypto.js'

/** What main sealed before key ids: `v1.<iv>.<tag>.<data>`. */
function sealLegacy(base64Key: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url')).join('.')
}

describe('SecretBox', () => {
  it('rotates: a new key seals, the retired one still opens what it sealed', () => {
    const oldKey = generateKey()
    const newKey = generateKey()
    const before = new SecretBox(oldKey).seal('refresh-token')
    const rotated = new SecretBox([newKey, oldKey])
    expect(rotated.open(before)).toBe('refresh-token')
    expect(rotated.needsReseal(before)).toBe(true)
    const after = rotated.seal('refresh-token')
    expect(rotated.needsReseal(after)).toBe(false)
    expect(new SecretBox(newKey).open(after)).toBe('refresh-token')
    expect(() => new SecretBox(newKey).open(before)).toThrow(/no longer configured/)
  })

  it('opens secrets sealed before key ids existed, with whichever key sealed them', () => {
    const oldKey = generateKey()
    const legacy = sealLegacy(oldKey, 'access-token')
    const box = new SecretBox([generateKey(), oldKey])
    expect(box.open(legacy)).toBe('access-token')
    expect(box.needsReseal(legacy)).toBe(true)
  })

  it('refuses what it did not seal', () => {
    const box = new SecretBox(generateKey())
    const sealed = box.seal('x')
    expect(() => box.open(sealed.slice(0, -2) + 'AA')).toThrow()
    expect(() => box.open('plain text')).toThrow(/Not a sealed secret/)
  })
})
