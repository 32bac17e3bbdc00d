import { ChevronDown } from 'lucide-react'

export type FaqItem = { question: string; answer: string }

/**
 * Questions with one answer open at a time: native <details> sharing a `name` (an exclusive
 * accordion), so it works, and is announced as expandable, before any script has loaded.
 */
export function FaqAccordion({ items, name }: { items: readonly FaqItem[]; name: string }) {
  return (
    <div className="divide-y divide-border rounded-lg border border-border bg-background">
      {items.map((item) => (
        <details key={item.question} name={name} className="group px-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="size-4 shrink-0 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-4 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
