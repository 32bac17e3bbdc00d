import type { CSSProperties } from 'react'
import type { Label, LabelColor } from '../../../../contract/labels'
import { cn } from '../../../lib/cn'
import { leafName } from '../mailbox/views'

/** WCAG's relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** WCAG's contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * A chip in the label's Gmail colours, with its text kept readable: Gmail's own pair when it
 * reaches 4.5:1, else black or white, whichever stands out more on the ground. The chip brings
 * its own ground, so it reads the same in light and dark themes; the border marks its edge on
 * a ground of nearly the same colour.
 */
export function chipStyle(color: LabelColor): CSSProperties & { borderColor: string } {
  const { backgroundColor, textColor } = color
  const text =
    contrast(backgroundColor, textColor) >= 4.5
      ? textColor
      : contrast(backgroundColor, '#000000') >= contrast(backgroundColor, '#ffffff')
        ? '#000000'
        : '#ffffff'
  return { backgroundColor, color: text, borderColor: text === '#ffffff' ? backgroundColor : text }
}

/** A user label on a row or in the viewer: its last level's name, in its colour. */
export function LabelChip({ label, className }: { label: Label; className?: string }) {
  const style = label.color ? chipStyle(label.color) : undefined
  return (
    <span
      data-testid="label-chip"
      title={label.name}
      style={style ? { backgroundColor: style.backgroundColor, color: style.color } : undefined}
      className={cn(
        'max-w-28 shrink-0 truncate rounded px-1.5 py-px text-[0.6875rem] leading-4',
        !style && 'bg-secondary text-secondary-foreground',
        className,
      )}
    >
      {leafName(label.name)}
    </span>
  )
}
