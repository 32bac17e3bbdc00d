import { useCallback, useSyncExternalStore } from 'react'
import { readTheme, storeTheme, type Theme } from './theme'

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === 'theme') onChange()
  }
  window.addEventListener('inkwell:theme', onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener('inkwell:theme', onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** The current theme and a toggle; every toggle on every screen shares it. */
export function useTheme(): {
  theme: Theme
  setTheme: (t: Theme) => void
  toggleTheme: () => void
} {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as Theme)
  const toggleTheme = useCallback(() => storeTheme(readTheme() === 'dark' ? 'light' : 'dark'), [])
  return { theme, setTheme: storeTheme, toggleTheme }
}
