/** Theme preference, kept in localStorage under `theme` (the spec's key), default light. */
export type Theme = 'light' | 'dark'
export const THEME_KEY = 'theme'

export function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme)
  } catch {
    // Private mode without storage: the theme still applies for this visit.
  }
  applyTheme(theme)
  window.dispatchEvent(new CustomEvent<Theme>('inkwell:theme', { detail: theme }))
}
