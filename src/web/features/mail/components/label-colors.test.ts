import { describe, expect, it } from 'vitest'
import { contrast } from './label-chip'
import { LABEL_PALETTE, swatchOf } from './label-colors'

/**
 * The colours Gmail's API accepts for a label's background and text (users.labels, LabelColor):
 * any other is refused with a 400.
 */
const GMAIL_ALLOWED = new Set(
  (
    '#000000 #434343 #666666 #999999 #cccccc #efefef #f3f3f3 #ffffff #fb4c2f #ffad47 #fad165 ' +
    '#16a766 #43d692 #4a86e8 #a479e2 #f691b3 #f6c5be #ffe6c7 #fef1d1 #b9e4d0 #c6f3de #c9daf8 ' +
    '#e4d7f5 #fcdee8 #efa093 #ffd6a2 #fce8b3 #89d3b2 #a0eac9 #a4c2f4 #d0bcf1 #fbc8d9 #e66550 ' +
    '#ffbc6b #fcda83 #44b984 #68dfa9 #6d9eeb #b694e8 #f7a7c0 #cc3a21 #eaa041 #f2c960 #149e60 ' +
    '#3dc789 #3c78d8 #8e63ce #e07798 #ac2b16 #cf8933 #d5ae49 #0b804b #2a9c68 #285bac #653e9b ' +
    '#b65775 #822111 #a46a21 #aa8831 #076239 #1a764d #1c4587 #41236d #83334c'
  ).split(' '),
)

const swatches = LABEL_PALETTE.flat()

describe('the label palette', () => {
  it('offers only pairs Gmail accepts, each named once, with text that reads on it', () => {
    for (const color of swatches) {
      expect(GMAIL_ALLOWED, color.name).toContain(color.backgroundColor)
      expect(GMAIL_ALLOWED, color.name).toContain(color.textColor)
      expect(contrast(color.backgroundColor, color.textColor), color.name).toBeGreaterThanOrEqual(
        4.5,
      )
    }
    expect(new Set(swatches.map((c) => c.name)).size).toBe(swatches.length)
    expect(new Set(swatches.map((c) => c.backgroundColor)).size).toBe(swatches.length)
  })

  it('has every Gmail colour but the grey that stands for "No colour"', () => {
    expect(new Set(swatches.map((c) => c.backgroundColor))).toEqual(
      new Set([...GMAIL_ALLOWED].filter((hex) => hex !== '#f3f3f3')),
    )
  })
})

describe('swatchOf', () => {
  it('finds the swatch by background, whatever its case', () => {
    expect(swatchOf({ color: { backgroundColor: '#FB4C2F', textColor: '#ffffff' } })).toBe(
      '#fb4c2f',
    )
  })

  it('counts no colour, and the grey Gmail is given for "No colour", as none', () => {
    expect(swatchOf({})).toBeNull()
    expect(swatchOf({ color: { backgroundColor: '#f3f3f3', textColor: '#000000' } })).toBeNull()
  })
})
