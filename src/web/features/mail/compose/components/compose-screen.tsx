import { useEffect, useId, useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { AiAssistantPanel } from '../../../ai/ai-assistant-panel'
import { formatAddress } from '../addresses'
import { clearComposeHandoff, editorStart, readComposeHandoff } from '../compose-handoff'
import { Spinner } from '../../../../components/ui/spinner'
import { useStartSignatureWhenKnown } from '../../use-start-signature'
import { useComposeRound } from '../../scheduled/reopen'
import { useSendWithUndo } from '../../scheduled/undo-send'
import { useDraftTarget } from '../use-draft-target'
import { useMessageEditor } from '../use-message-editor'
import { MessageEditor } from './message-editor'

/**
 * Compose: new mail, a reopened draft, or a reply popped out of its thread or
 * taken on from Smart Reply. The form is the shared MessageEditor, which autosaves a draft.
 * An undone send reopens here (decision 053): a Compose already open starts again on it.
 */
export function ComposeScreen() {
  const round = useComposeRound()
  // The editor reads its start once: Compose opened by its URL waits for the signature.
  const signature = useStartSignatureWhenKnown()
  if (signature === null) return <Spinner label="Opening Compose…" className="m-auto p-8" />
  return <ComposeForm key={round} signature={signature} />
}

function ComposeForm({ signature }: { signature: string }) {
  const id = useId()
  // Read once; removed after use, so a reload starts blank. Removing in an effect, not here, keeps the
  // handoff for React's second render of the initializer in development.
  const [handoff] = useState(readComposeHandoff)
  useEffect(() => {
    if (handoff) clearComposeHandoff()
  }, [handoff])

  const editor = useMessageEditor(editorStart(handoff, signature))
  const ai = useDraftTarget(editor.fields, editor.setFields)
  const aiDraftId = ai.aiDraftId ?? handoff?.aiDraftId
  const { reply, fields } = editor

  // Undo send and Send later: their toasts, and Undo reopens the message here.
  const send = useSendWithUndo(editor.send, { in: 'compose' })
  const onSend = async (sendAt?: Date) => {
    if (await send({ aiDraftId, sendAt })) ai.setAiDraftId(undefined)
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 lg:flex-row lg:p-6">
      <MessageEditor
        editor={editor}
        label="Compose"
        focus={handoff?.to ? 'body' : 'to'}
        busy={ai.generating}
        onSend={() => void onSend()}
        onSendLater={(at) => void onSend(at)}
        header={
          <div className="space-y-1">
            <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
              Compose
            </h1>
            {reply && (
              <p
                className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
                data-testid="reply-context"
              >
                Replying in the conversation with {reply.originalSender || 'the sender'}.
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => editor.setReply(null)}
                >
                  Send as a new conversation instead
                </Button>
              </p>
            )}
          </div>
        }
      />

      <aside aria-label="Assistants" className="space-y-4 lg:w-80 lg:shrink-0">
        <AiAssistantPanel
          recipient={fields.to}
          subject={fields.subject}
          threadId={reply?.threadId}
          onContactPicked={(contact) =>
            editor.setFields((current) => ({ ...current, to: formatAddress(contact) }))
          }
          target={ai.target}
        />
      </aside>
    </div>
  )
}
