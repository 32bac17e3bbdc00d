import { useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { DraftTarget } from '../../ai/ai-assistant-panel'
import { ORIGINAL_MESSAGE_MARKER } from './compose-handoff'

type Editable = { subject: string; body: string }

/** The quoted original of a reply (from its marker on), kept under a generated draft. */
function quotedPart(body: string): string {
  const at = body.indexOf(ORIGINAL_MESSAGE_MARKER)
  return at === -1 ? '' : `\n\n${body.slice(at)}`
}

/**
 * Compose as the target of a streamed AI draft: the draft replaces what the user wrote above
 * a reply's quote; if it fails or is cancelled, the message goes back to what it was, so
 * nothing half-written can be sent. A complete draft's id goes out with the e-mail (decision 034).
 */
export function useDraftTarget<F extends Editable>(setFields: Dispatch<SetStateAction<F>>) {
  const [generating, setGenerating] = useState(false)
  const [aiDraftId, setAiDraftId] = useState<string | undefined>()
  const before = useRef('')

  const target: DraftTarget = {
    begin: () => {
      setFields((current) => {
        before.current = current.body
        return current
      })
      setGenerating(true)
    },
    text: (text) =>
      setFields((current) => ({ ...current, body: text + quotedPart(before.current) })),
    end: (draft) => {
      setGenerating(false)
      if (draft) {
        setAiDraftId(draft.draftId)
        setFields((current) => ({
          ...current,
          subject: current.subject.trim() || draft.subject || current.subject,
        }))
      } else {
        setFields((current) => ({ ...current, body: before.current }))
      }
    },
  }
  return { target, generating, aiDraftId, setAiDraftId }
}
