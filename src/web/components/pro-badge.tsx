import { Sparkles } from 'lucide-react'
import { Badge } from './ui/badge'

/** Marks what only Pro includes, where a Free user sees it (decision 051). */
export function ProBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={className} title="Included with Pro">
      <Sparkles aria-hidden="true" /> Pro
    </Badge>
  )
}
