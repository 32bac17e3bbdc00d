import { cn } from '../../../lib/cn'
import type { Theme } from '../../../lib/theme'
import { useTheme } from '../../../lib/use-theme'
import { Toggle } from './toggle'

/** Dark mode is a device preference, not a saved setting: it applies at once. */
export function DarkModeToggle() {
  const { theme, setTheme } = useTheme()
  return (
    <div className="py-3">
      <Toggle
        label="Dark mode"
        description="Applies at once on this device."
        checked={theme === 'dark'}
        onChange={(on) => setTheme(on ? 'dark' : 'light')}
        className="py-0"
      />
      <div className="mt-3 flex gap-3">
        <ThemePreview theme="light" selected={theme === 'light'} onSelect={setTheme} />
        <ThemePreview theme="dark" selected={theme === 'dark'} onSelect={setTheme} />
      </div>
    </div>
  )
}

/** A small swatch drawn in the theme's own colours, whatever the current theme is. */
function ThemePreview({
  theme,
  selected,
  onSelect,
}: {
  theme: Theme
  selected: boolean
  onSelect: (theme: Theme) => void
}) {
  const light = theme === 'light'
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`Use ${theme} theme`}
      onClick={() => onSelect(theme)}
      className={cn(
        'cursor-pointer rounded-lg border-2 p-1 text-xs outline-hidden transition-colors',
        'focus-visible:ring-2 focus-visible:ring-ring',
        selected ? 'border-primary' : 'border-transparent hover:border-border',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'block h-14 w-24 space-y-1.5 rounded-md border p-2',
          light ? 'border-slate-200 bg-white' : 'border-slate-700 bg-slate-900',
        )}
      >
        <span className={cn('block h-1.5 w-12 rounded', light ? 'bg-slate-800' : 'bg-slate-100')} />
        <span className={cn('block h-1.5 w-16 rounded', light ? 'bg-slate-300' : 'bg-slate-600')} />
        <span className={cn('block h-1.5 w-10 rounded', light ? 'bg-blue-600' : 'bg-blue-400')} />
      </span>
      <span className="mt-1 block text-center">{light ? 'Light' : 'Dark'}</span>
    </button>
  )
}
