import type { ReactNode } from 'react'
import { Moon, Sun } from 'lucide-react'
import { Brand } from './brand'
import { Button } from './ui/button'
import { useTheme } from '../lib/use-theme'

/**
 * Header and footer of the public pages (landing, legal, contact, help). Plain links, not the
 * router's: the landing and legal pages are their own prerendered documents (decision 017).
 */
export function PublicPage({ children, nav }: { children: ReactNode; nav?: ReactNode }) {
  const { theme, toggleTheme } = useTheme()
  const themeLabel = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3 sm:px-6">
          <a href="/" aria-label="Inkwell home">
            <Brand />
          </a>
          {nav && (
            <nav
              aria-label="Sections"
              className="hidden flex-1 gap-5 text-sm text-muted-foreground md:flex"
            >
              {nav}
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2">
            <Button variant="ghost" size="icon" aria-label={themeLabel} onClick={toggleTheme}>
              {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            </Button>
            <Button asChild>
              <a href="/login">Get Started</a>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <span>© 2026 Inkwell</span>
          <nav aria-label="Legal and contact" className="flex flex-wrap gap-x-5 gap-y-2">
            <a href="/privacypolicy" className="hover:text-foreground hover:underline">
              Privacy Policy
            </a>
            <a href="/termsofservice" className="hover:text-foreground hover:underline">
              Terms of Service
            </a>
            <a href="/contact" className="hover:text-foreground hover:underline">
              Contact
            </a>
          </nav>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={toggleTheme}>
            {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            {theme === 'dark' ? 'Light mode' : 'Dark mode'}
          </Button>
        </div>
      </footer>
    </div>
  )
}
