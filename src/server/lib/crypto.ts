import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM for secrets at rest (OAuth tokens). The output is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later key or scheme can be told apart.
 */
export class SecretBox {
  private readonly key: Buffer

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64')
    if (this.key.length !== 32) throw new Error('The encryption key must be 32 bytes')
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))
    return [VERSION, ...parts].join('.')
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) {
      throw new Error('Not a sealed secret')
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  }
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
