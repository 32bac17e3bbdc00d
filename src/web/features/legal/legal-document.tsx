import type { ReactNode } from 'react'
import { PublicPage } from '../../components/public-page'

/** The date both legal pages carry (a fixed date, as the spec gives it). */
export const LEGAL_DATE = 'June 10, 2025'

/** A legal page: one h1, its date, then sections with h2 headings. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicPage>
      <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 [&_a]:text-primary [&_a]:underline [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_li]:mt-1.5 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {LEGAL_DATE}</p>
        {children}
      </article>
    </PublicPage>
  )
}
