import { useRef, useState, type Dispatch, type SetStateAction } from 'react'
import type { DraftTarget } from '../../ai/ai-assistant-panel'
import { signatureAt } from '../signature'
import { quoteAt } from './quote'

type Editable = { subject: string; body: string }

/** Where the kept tail starts: the signature, else a reply's quote; -1 without either. */
function tailAt(body: string): number {
  const ats = [signatureAt(body), quoteAt(body)].filter((at) => at !== -1)
  return ats.length > 0 ? Math.min(...ats) : -1
}

/** The signature and a reply's quoted original, kept under a generated draft. */
function quotedPart(body: string): string {
  const at = tailAt(body)
  return at === -1 ? '' : `\n\n${body.slice(at)}`
}

/** What the user wrote above the signature and the quote: the draft a refine rewrites. */
function ownPart(body: string): string {
  const at = tailAt(body)
  return (at === -1 ? body : body.slice(0, at)).trim()
}

/**
 * Compose as the target of a streamed AI draft: the draft replaces what the user wrote above
 * a reply's quote. If it fails, or is stopped before its first words, the message goes back to
 * what it was, so nothing half-written can be sent without the user choosing it; stopped
 * later, what was written stays, to edit. A complete draft's id goes out with the e-mail
 * (decision 034), and its subject fills an empty Subject field.
 */
export function useDraftTarget<F extends Editable>(
  fields: F,
  setFields: Dispatch<SetStateAction<F>>,
) {
  const [generating, setGenerating] = useState(false)
  const [aiDraftId, setAiDraftId] = useState<string | undefined>()
  const before = useRef('')

  const target: DraftTarget = {
    draftText: () => ownPart(fields.body),
    signedBelow: () => signatureAt(fields.body) !== -1,
    begin: () => {
      before.current = fields.body
      setGenerating(true)
    },
    text: (text) =>
      setFields((current) => ({ ...current, body: text + quotedPart(before.current) })),
    end: (ending) => {
      setGenerating(false)
      if (ending.kind === 'done') {
        const { draft } = ending
        setAiDraftId(draft.draftId)
        setFields((current) => ({
          ...current,
          // A subject typed before or during the stream is the user's: it stays.
          subject: current.subject.trim() || draft.subject || current.subject,
        }))
      } else if (ending.kind === 'stopped') {
        // Partial text is not a complete draft: it is sent as the user's own, if at all.
        setAiDraftId(undefined)
      } else {
        setFields((current) => ({ ...current, body: before.current }))
      }
    },
  }
  return { target, generating, aiDraftId, setAiDraftId }
}
