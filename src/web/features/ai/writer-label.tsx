import { Bot } from 'lucide-react'
import type { Writer } from '../../../contract/ai'
import { Badge } from '../../components/ui/badge'

/** Says who wrote a draft when it was the offline writer (decision 011), so nobody mistakes it for a model. */
export function WriterLabel({ writer }: { writer: Writer | null }) {
  if (!writer?.offline) return null
  return (
    <Badge variant="secondary" title="Written without an AI model: no provider is configured">
      <Bot aria-hidden="true" /> Offline writer
    </Badge>
  )
}
