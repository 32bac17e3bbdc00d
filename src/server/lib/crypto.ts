import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** Sealed before key ids existed: `v1.<iv>.<tag>.<ciphertext>`. Still opened, never written. */
const LEGACY_VERSION = 'v1'
/** `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
const VERSION = 'v2'

function decodeKey(base64Key: string): Buffer {
  const key = Buffer.from(base64Key, 'base64')
  if (key.length !== 32) throw new Error('An encryption key must be 32 bytes')
  return key
}

/** A key's public name: enough to pick the key for a ciphertext, nothing about the key itself. */
function keyId(key: Buffer): string {
  return createHash('sha256').update('inkwell-key-id').update(key).digest('base64url').slice(0, 8)
}

/**
 * AES-256-GCM for secrets at rest (OAuth tokens) and sealed cookies. It seals with the
 * current key and opens with any key of the ring, so a key can rotate without re-authorising
 * everyone: put the new key first and keep the old one in the ring until `needsReseal` has
 * turned every stored secret over (docs/decisions/018-runtime-modes-and-keys.md).
 */
export class SecretBox {
  private readonly current: { id: string; key: Buffer }
  private readonly byId: Map<string, Buffer>

  /** `keys[0]` seals; all of them open. */
  constructor(keys: string | readonly string[]) {
    const list = (typeof keys === 'string' ? [keys] : keys).map(decodeKey)
    if (list.length === 0) throw new Error('A SecretBox needs at least one key')
    this.byId = new Map(list.map((key) => [keyId(key), key]))
    this.current = { id: keyId(list[0]!), key: list[0]! }
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))
    return [VERSION, this.current.id, ...parts].join('.')
  }

  open(sealed: string): string {
    const parts = sealed.split('.')
    if (parts[0] === VERSION && parts.length === 5) {
      const key = this.byId.get(parts[1]!)
      if (!key) throw new Error('Sealed with a key that is no longer configured')
      return decrypt(key, parts[2]!, parts[3]!, parts[4]!)
    }
    if (parts[0] === LEGACY_VERSION && parts.length === 4) {
      // No key id: try each key; GCM's tag tells the right one.
      for (const key of this.byId.values()) {
        try {
          return decrypt(key, parts[1]!, parts[2]!, parts[3]!)
        } catch {
          // the next key
        }
      }
      throw new Error('Sealed with a key that is no longer configured')
    }
    throw new Error('Not a sealed secret')
  }

  /** True when `sealed` was not sealed with the current key: seal it again when convenient. */
  needsReseal(sealed: string): boolean {
    const [version, id] = sealed.split('.')
    return version !== VERSION || id !== this.current.id
  }
}

function decrypt(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

export function generateKey(): string {
  return randomBytes(32).toString('base64')
}

/** A random token for cookies and OAuth state, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
