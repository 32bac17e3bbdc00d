import { afterEach, describe, expect, it } from 'vitest'
import { rememberReturnTo, safeReturnPath, signInPathFor, takeReturnTo } from './return-to'

afterEach(() => sessionStorage.clear())

describe('the page to return to after sign-in', () => {
  it('is a path of this site, with its query', () => {
    expect(safeReturnPath('/contacts')).toBe('/contacts')
    expect(safeReturnPath('/inbox?thread=t1')).toBe('/inbox?thread=t1')
  })

  it('is never another site, nor the sign-in pages themselves', () => {
    for (const bad of [
      'https://evil.example/contacts',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'contacts',
      '',
      null,
      '/login',
      '/auth?next=/x',
      '/oauth-success',
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull()
    }
  })

  it('goes through the sign-in address and is kept once for the trip through Google', () => {
    expect(signInPathFor('/contacts')).toBe('/auth?next=%2Fcontacts')
    expect(signInPathFor('/app')).toBe('/auth')
    const next = new URLSearchParams(signInPathFor('/contacts').split('?')[1]).get('next')
    rememberReturnTo(next)
    expect(takeReturnTo()).toBe('/contacts')
    expect(takeReturnTo()).toBeNull()
    rememberReturnTo('//evil.example')
    expect(takeReturnTo()).toBeNull()
  })
})
