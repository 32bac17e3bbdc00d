import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Read as a file: the test runner hands CSS imports over empty.
const styles = readFileSync(path.join(process.cwd(), 'src/web/styles.css'), 'utf8')

/** The theme's `--name: oklch(L C h)` tokens of one block (`:root` or `.dark`). */
function tokens(selector: ':root' | '.dark'): Map<string, [number, number, number]> {
  const start = styles.indexOf(`${selector} {`)
  const block = styles.slice(start, styles.indexOf('}', start))
  const found = new Map<string, [number, number, number]>()
  for (const m of block.matchAll(/--([\w-]+):\s*oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/g)) {
    found.set(m[1]!, [Number(m[2]), Number(m[3]), Number(m[4])])
  }
  return found
}

/** OKLCH to linear sRGB (Björn Ottosson's matrices), clamped to the gamut. */
function linearRgb([L, C, h]: [number, number, number]): number[] {
  const a = C * Math.cos((h * Math.PI) / 180)
  const b = C * Math.sin((h * Math.PI) / 180)
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ].map((v) => Math.min(1, Math.max(0, v)))
}

/** WCAG's contrast ratio of two colours. */
function contrast(x: [number, number, number], y: [number, number, number]): number {
  const luminance = (c: [number, number, number]) => {
    const [r, g, b] = linearRgb(c)
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** Text on ground, as the screens pair them: each must reach WCAG AA's 4.5:1 for body text. */
const PAIRS: [text: string, ground: string][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'accent'],
  ['primary', 'background'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['destructive', 'background'],
  ['destructive-foreground', 'destructive'],
  ['success-foreground', 'success'],
  ['warning-foreground', 'warning'],
]

describe('the theme colours', () => {
  for (const theme of [':root', '.dark'] as const) {
    it(`keep text readable in ${theme === ':root' ? 'light' : 'dark'} mode (4.5:1)`, () => {
      const colours = tokens(theme)
      const failing = PAIRS.flatMap(([text, ground]) => {
        const ratio = contrast(colours.get(text)!, colours.get(ground)!)
        return ratio < 4.5 ? [`${text} on ${ground}: ${ratio.toFixed(2)}`] : []
      })
      expect(failing).toEqual([])
    })
  }
})
