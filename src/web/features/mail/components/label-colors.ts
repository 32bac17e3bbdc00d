import type { Label, LabelColor } from '../../../../contract/labels'
import { contrast } from './label-chip'

/** A colour of Gmail's label palette, with the name a screen reader says for its swatch. */
export type PaletteColor = LabelColor & { name: string }

const HUES = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink']

/**
 * Gmail's label palette, row by row as Gmail's own colour menu shows it: the only backgrounds
 * its API accepts for a label (users.labels, LabelColor). The shade names the row.
 */
const ROWS: { shade: string; backgrounds: string[] }[] = [
  {
    shade: '',
    backgrounds: [
      '#fb4c2f',
      '#ffad47',
      '#fad165',
      '#16a766',
      '#43d692',
      '#4a86e8',
      '#a479e2',
      '#f691b3',
    ],
  },
  {
    shade: 'Palest',
    backgrounds: [
      '#f6c5be',
      '#ffe6c7',
      '#fef1d1',
      '#b9e4d0',
      '#c6f3de',
      '#c9daf8',
      '#e4d7f5',
      '#fcdee8',
    ],
  },
  {
    shade: 'Pale',
    backgrounds: [
      '#efa093',
      '#ffd6a2',
      '#fce8b3',
      '#89d3b2',
      '#a0eac9',
      '#a4c2f4',
      '#d0bcf1',
      '#fbc8d9',
    ],
  },
  {
    shade: 'Light',
    backgrounds: [
      '#e66550',
      '#ffbc6b',
      '#fcda83',
      '#44b984',
      '#68dfa9',
      '#6d9eeb',
      '#b694e8',
      '#f7a7c0',
    ],
  },
  {
    shade: 'Deep',
    backgrounds: [
      '#cc3a21',
      '#eaa041',
      '#f2c960',
      '#149e60',
      '#3dc789',
      '#3c78d8',
      '#8e63ce',
      '#e07798',
    ],
  },
  {
    shade: 'Dark',
    backgrounds: [
      '#ac2b16',
      '#cf8933',
      '#d5ae49',
      '#0b804b',
      '#2a9c68',
      '#285bac',
      '#653e9b',
      '#b65775',
    ],
  },
  {
    shade: 'Darkest',
    backgrounds: [
      '#822111',
      '#a46a21',
      '#aa8831',
      '#076239',
      '#1a764d',
      '#1c4587',
      '#41236d',
      '#83334c',
    ],
  },
]

/**
 * Gmail's greys but #f3f3f3: with black text it is the pair a label without colour gets
 * (GMAIL_DEFAULT), which the menu offers as "No colour".
 */
const GREYS: [string, string][] = [
  ['Black', '#000000'],
  ['Charcoal', '#434343'],
  ['Dark grey', '#666666'],
  ['Grey', '#999999'],
  ['Silver', '#cccccc'],
  ['Light grey', '#efefef'],
  ['White', '#ffffff'],
]

/**
 * The text on a swatch: black or white, whichever reads better on it. Both are in Gmail's
 * allowed text colours, so the label reads as well in Gmail as here.
 */
function readableOn(backgroundColor: string): string {
  return contrast(backgroundColor, '#000000') >= contrast(backgroundColor, '#ffffff')
    ? '#000000'
    : '#ffffff'
}

const swatch = (name: string, backgroundColor: string): PaletteColor => ({
  name,
  backgroundColor,
  textColor: readableOn(backgroundColor),
})

/** Gmail's palette in rows: the greys, then the eight hues from bright to darkest. */
export const LABEL_PALETTE: readonly (readonly PaletteColor[])[] = [
  GREYS.map(([name, hex]) => swatch(name, hex)),
  ...ROWS.map(({ shade, backgrounds }) =>
    backgrounds.map((hex, column) => {
      const hue = HUES[column]!
      const name = shade ? `${shade} ${hue}` : hue[0]!.toUpperCase() + hue.slice(1)
      return swatch(name, hex)
    }),
  ),
]

/**
 * What the server asks Gmail for when a colour is taken away: Gmail has no "no colour" to
 * patch with, so it gives the label its default grey pair. Shown as "No colour" again.
 */
const GMAIL_DEFAULT: LabelColor = { backgroundColor: '#f3f3f3', textColor: '#000000' }

/** The label's swatch in the palette, by its background; null when it has no colour. */
export function swatchOf(label: Pick<Label, 'color'>): string | null {
  const color = label.color
  if (!color) return null
  const bg = color.backgroundColor.toLowerCase()
  if (
    bg === GMAIL_DEFAULT.backgroundColor &&
    color.textColor.toLowerCase() === GMAIL_DEFAULT.textColor
  ) {
    return null
  }
  return bg
}
