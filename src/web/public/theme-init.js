// Runs before the prerendered public pages paint (a blocking script: inline ones are refused by
// the Content-Security-Policy). Mirrors src/web/lib/theme.ts: key `theme`, default light.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark')
    document.documentElement.style.colorScheme = 'dark'
  }
} catch {
  // No storage (private mode): light, the default.
}
