import { describe, expect, it } from 'vitest'
import { readFrameHeight } from './mail-frame.js'

describe('the mail frame height report', () => {
  it('reads a finite, non-negative height', () => {
    expect(readFrameHeight({ height: 120.5 })).toBe(120.5)
    expect(readFrameHeight({ height: 0 })).toBe(0)
  })

  it('ignores anything else a page might post', () => {
    for (const data of [
      null,
      undefined,
      'height',
      120,
      {},
      { height: '120' },
      { height: -1 },
      { height: Number.NaN },
      { height: Number.POSITIVE_INFINITY },
    ]) {
      expect(readFrameHeight(data)).toBeNull()
    }
  })
})
