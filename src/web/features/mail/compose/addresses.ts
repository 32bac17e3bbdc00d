import type { Address } from '../../../../contract/mail'
import { splitAddressList } from '../../../../contract/address-list'

/** 'Sam Rivera <sam@x.io>, "Doe, Jo" <jo@y.io>, kim@z.io' → addresses (names may be empty). */
export function parseAddressList(value: string): Address[] {
  return splitAddressList(value).flatMap((part) => {
    const angled = /^(.*?)<\s*([^<>\s]+)\s*>\s*$/.exec(part)
    if (angled) {
      const name = (angled[1] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/\\"/g, '"')
      return [{ name, email: angled[2] ?? '' }]
    }
    const bare = part.replace(/^"(.*)"$/, '$1').trim()
    return bare.includes('@') ? [{ name: '', email: bare }] : []
  })
}

/** An address as a header value, quoting names that need it. */
export function formatAddress({ name, email }: Address): string {
  const clean = name.trim()
  if (!clean || clean.toLowerCase() === email.toLowerCase()) return email
  const needsQuotes = /[",;<>@()[\]:\\.]/.test(clean)
  return needsQuotes ? `"${clean.replace(/["\\]/g, '\\$&')}" <${email}>` : `${clean} <${email}>`
}

export const sameAddress = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase()
