import { useEffect, useState } from 'react'
import { Sparkles, Square } from 'lucide-react'
import { Link } from 'wouter'
import type { GeneratedDraft } from '../../../contract/ai'
import type { Contact } from '../../../contract/contacts'
import { Button } from '../../components/ui/button'
import { useContacts } from '../../lib/queries/contacts'
import { usePlan } from '../../lib/queries/plan'
import { ContactPicker } from './contact-picker'
import { limitReachedMessage } from './credit-state'
import { CreditCompact } from './credit-widgets'
import { useDraftStream } from './use-draft-stream'
import { WriteWithAiDialog } from './write-with-ai-dialog'
import { WriterLabel } from './writer-label'

/** Where a compose draft goes: the editor that owns the message text. */
export type DraftTarget = {
  /** A generation starts: the editor keeps its text, to put it back if nothing usable comes. */
  begin: () => void
  /** The whole draft so far, at most once per animation frame. */
  text: (text: string) => void
  /** The generation ended: its draft when complete, null when it failed or was cancelled. */
  end: (draft: GeneratedDraft | null) => void
}

/** The address inside 'Name <address>', or the text itself, lower-cased. */
function addressOf(recipient: string): string {
  const first = recipient.split(',')[0] ?? ''
  return (/<([^>]+)>/.exec(first)?.[1] ?? first).trim().toLowerCase()
}

/**
 * Compose's side panel: the quick contact picker with the selected contact's
 * summary, and the AI Assistant, whose 'Write with AI' streams a draft for that contact.
 */
export function AiAssistantPanel({
  recipient,
  subject,
  threadId,
  onContactPicked,
  target,
}: {
  /** The To field, so a recipient who is a saved contact is selected, as the spec asks. */
  recipient: string
  subject: string
  threadId: string | undefined
  onContactPicked: (contact: Contact) => void
  target: DraftTarget
}) {
  const { data: contacts } = useContacts()
  const { data: plan } = usePlan()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const draft = useDraftStream({ failureTitle: 'Failed to generate AI email', onText: target.text })
  const selected = contacts?.find((c) => c.id === selectedId) ?? null

  // Typing (or a reply's prefill) naming a saved contact selects them.
  const typed = addressOf(recipient)
  useEffect(() => {
    const match = contacts?.find((c) => c.email.toLowerCase() === typed)
    if (match) setSelectedId(match.id)
  }, [typed, contacts])

  async function generate(description: string) {
    if (!selected) return
    setAsking(false)
    target.begin()
    const result = await draft.start({
      kind: 'generate-email',
      input: {
        // The server applies the saved contact's preferences (decision 034).
        contactId: selected.id,
        contactName: selected.name,
        userInput: description,
        subject: subject.trim() || undefined,
        threadId,
      },
    })
    target.end(result.outcome === 'done' ? result.draft : null)
  }

  const blocked = plan !== undefined && !plan.canGenerateAI
  const limit = plan && blocked ? limitReachedMessage(plan) : null

  return (
    <>
      <ContactPicker
        contacts={contacts}
        selected={selected}
        onPick={(contact) => {
          setSelectedId(contact.id)
          onContactPicked(contact)
        }}
        onClear={() => setSelectedId(null)}
      />
      <section aria-labelledby="ai-assistant-heading" className="grid gap-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ai-assistant-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles aria-hidden="true" className="size-4" /> AI Assistant
          </h2>
          <CreditCompact />
        </div>
        {limit ? (
          <div
            role="status"
            className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/8 p-3 text-sm"
          >
            <p className="font-medium">{limit.title}</p>
            <p className="text-xs text-muted-foreground">{limit.description}</p>
            <Button asChild size="sm">
              <Link href="/upgrade">Upgrade</Link>
            </Button>
          </div>
        ) : draft.active ? (
          <div className="grid gap-2 text-sm" role="status">
            <p className="flex items-center gap-2 text-muted-foreground">
              <Sparkles aria-hidden="true" className="size-4 animate-pulse text-primary" />
              {draft.phase === 'waiting' ? 'Starting your draft…' : 'Writing your e-mail…'}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={draft.cancel}>
              <Square aria-hidden="true" /> Cancel
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {selected
                ? `Describe the e-mail; it is written for ${selected.name}.`
                : 'Pick a contact, then describe the e-mail you need.'}
            </p>
            <Button
              type="button"
              onClick={() => draft.allowed() && setAsking(true)}
              data-testid="write-with-ai"
            >
              <Sparkles aria-hidden="true" /> Write with AI
            </Button>
          </>
        )}
        {!draft.active && draft.phase === 'done' && <WriterLabel writer={draft.writer} />}
      </section>
      {asking && (
        <WriteWithAiDialog
          contactName={selected?.name ?? null}
          onGenerate={(description) => void generate(description)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  )
}
