import { useEffect, useRef, useState } from 'react'
import { ExternalLink, Trash2 } from 'lucide-react'
import { useLocation } from 'wouter'
import type { ThreadDetail } from '../../../../contract/mail'
import { Button } from '../../../components/ui/button'
import { useDeleteDraft } from '../api/drafts'
import {
  buildReplyHandoff,
  editorStart,
  handoffFromDraft,
  handoffFromEditor,
  writeComposeHandoff,
  type ReplyMode,
} from '../compose/compose-handoff'
import { MessageEditor } from '../compose/components/message-editor'
import { useMessageEditor } from '../compose/use-message-editor'
import { clearReopenedReply, peekReopenedReply } from '../scheduled/reopen'
import { useSendWithUndo } from '../scheduled/undo-send'
import { useStartSignature } from '../use-start-signature'

const TITLES: Record<ReplyMode, string> = {
  reply: 'Reply',
  replyAll: 'Reply all',
  forward: 'Forward',
}

/**
 * Reply, Reply all or Forward written under the conversation, as in Gmail: the shared editor
 * (it autosaves a draft and guards leaving). After Send the user stays in the thread, which
 * shows the sent message at once (the server caches it before answering; the send refreshes
 * the thread's query). Pop out carries the text on to the full Compose.
 */
export function InlineReply({
  mode,
  detail,
  myEmail,
  onClose,
}: {
  mode: ReplyMode
  detail: ThreadDetail
  myEmail: string
  onClose: () => void
}) {
  const [, navigate] = useLocation()
  const signature = useStartSignature()
  // An undone send of this reply (decision 053) comes back as its draft, as Drafts reopens one.
  const [reopened] = useState(() => peekReopenedReply(detail.id, mode))
  useEffect(() => {
    if (reopened) clearReopenedReply(reopened)
  }, [reopened])
  const [start] = useState(() => {
    if (reopened) return editorStart(handoffFromDraft(reopened.draft))
    const latest = detail.messages.at(-1)
    return editorStart(
      latest ? buildReplyHandoff(mode, latest, detail.subject, myEmail) : null,
      signature,
    )
  })
  const editor = useMessageEditor(start)
  const discard = useDeleteDraft()
  const [poppingOut, setPoppingOut] = useState(false)
  const region = useRef<HTMLElement>(null)

  useEffect(() => {
    region.current?.scrollIntoView({ block: 'nearest' })
  }, [])

  // Undo send and Send later: their toasts; Undo reopens the reply under this conversation.
  const send = useSendWithUndo(editor.send, { in: 'reply', threadId: detail.id, mode })
  const onSend = async (sendAt?: Date) => {
    if (await send({ sendAt })) onClose()
  }

  const popOut = async () => {
    setPoppingOut(true)
    // What is not yet saved goes into the draft first, so Compose opens on a saved draft (and
    // fetches the picked files from it). This render's editor predates that save: its result
    // says which draft and whether it holds everything.
    const saved = editor.unsaved ? await editor.saveNow() : { ok: true, draftId: editor.draftId }
    writeComposeHandoff(
      handoffFromEditor({
        ...editor,
        draftId: saved.draftId ?? editor.draftId,
        unsaved: !saved.ok,
      }),
    )
    navigate('/compose')
  }

  const onDiscard = () => {
    if (editor.draftId) discard.mutate(editor.draftId)
    onClose()
  }

  return (
    <section
      ref={region}
      aria-label={TITLES[mode]}
      className="mx-4 mb-6 rounded-lg border border-border p-4 shadow-sm"
      data-testid="inline-reply"
    >
      <MessageEditor
        editor={editor}
        label={TITLES[mode]}
        focus={mode === 'forward' ? 'to' : 'body'}
        compact
        busy={poppingOut}
        onSend={() => void onSend()}
        onSendLater={(at) => void onSend(at)}
        actions={
          <>
            <Button type="button" variant="outline" onClick={() => void popOut()}>
              <ExternalLink aria-hidden="true" /> Pop out
            </Button>
            <Button type="button" variant="ghost" onClick={onDiscard}>
              <Trash2 aria-hidden="true" /> Discard
            </Button>
          </>
        }
      />
    </section>
  )
}
