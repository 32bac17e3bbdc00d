import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Moon, Sun } from 'lucide-react'
import { Brand } from '../components/brand'
import { Button } from '../components/ui/button'
import { useTheme } from '../lib/use-theme'

/** Header and footer of the public pages (landing, legal, contact, help). */
export function PublicPage({ children, nav }: { children: ReactNode; nav?: ReactNode }) {
  const { theme, toggleTheme } = useTheme()
  const themeLabel = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3">
          <Link href="/" aria-label="Inkwell home">
            <Brand />
          </Link>
          <nav
            aria-label="Sections"
            className="hidden flex-1 gap-5 text-sm text-muted-foreground md:flex"
          >
            {nav}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Button variant="ghost" size="icon" aria-label={themeLabel} onClick={toggleTheme}>
              {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            </Button>
            <Button asChild>
              <Link href="/login">Get Started</Link>
            </Button>
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-6 py-6 text-sm text-muted-foreground">
          <span>© {new Date().getFullYear()} Inkwell</span>
          <Link href="/privacypolicy" className="hover:underline">
            Privacy Policy
          </Link>
          <Link href="/termsofservice" className="hover:underline">
            Terms of Service
          </Link>
          <Link href="/contact" className="hover:underline">
            Contact
          </Link>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={toggleTheme}>
            {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            {theme === 'dark' ? 'Light' : 'Dark'}
          </Button>
        </div>
      </footer>
    </div>
  )
}
